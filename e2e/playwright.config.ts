import { defineConfig, devices } from '@playwright/test';
import {
  STRIPE_APP_PORT,
  STRIPE_APP_URL,
  STRIPE_FAKE_PORT,
  STRIPE_PUBLISHABLE_KEY,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
} from './support/stripe-stack';

// Tests compute dates as the customer's browser does, in Paris time (workers inherit this).
process.env.TZ = 'Europe/Paris';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The selfie of the identity check: Chromium's fake camera, granted without a prompt.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/**
 * Browser journeys against the built app, started as `npm start` starts it, on a throw-away
 * embedded database, in Debian's Chromium (no browser download is possible here).
 */
export default defineConfig({
  testDir: './tests',
  // Two files at a time on the two cores: a third less time than one. A long journey's budget
  // counts the other file's load: the longest ones are marked slow.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    // A test whose title ends in @any-width checks what the page's width does not change (a
    // server's answer, a validation message, a keyboard path on a large screen): it runs once,
    // at the desktop width. Every journey and every layout is also checked on the phone.
    {
      name: 'phone',
      grepInvert: /@any-width/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: false,
        hasTouch: true,
      },
    },
  ],
  webServer: [
    {
      command: 'node ../apps/api/dist/server.js',
      url: `http://127.0.0.1:${PORT}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...appEnv(PORT), PUBLIC_URL: `http://127.0.0.1:${PORT}` },
    },
    // The Stripe checkout journey (tests/stripe-checkout.spec.ts): a local server speaking
    // Stripe's API, and the same build configured for Stripe against it.
    {
      command: 'node --import tsx support/start-stripe-fake.ts',
      port: STRIPE_FAKE_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node ../apps/api/dist/server.js',
      url: `${STRIPE_APP_URL}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...appEnv(STRIPE_APP_PORT),
        PUBLIC_URL: STRIPE_APP_URL,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_FAKE_PORT}`,
      },
    },
  ],
});

/** The app as `npm start` runs it, on a throw-away embedded database. */
function appEnv(port: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    WEB_DIST_DIR: '../apps/web/dist',
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'true',
    // Every journey comes from 127.0.0.1: the per-address limits are tested by the API suite.
    AUTH_RATE_LIMIT: 'false',
    BOOKING_RATE_LIMIT: '1000',
    MAX_OPEN_HOLDS: '50',
  };
}
