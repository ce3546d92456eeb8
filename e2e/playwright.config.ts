import { defineConfig, devices } from '@playwright/test';
import { appEnv } from './support/app-server';
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

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  // Composited in the renderer, with no GPU process drawing in software: 4-5 % less CPU.
  '--disable-gpu-compositing',
  '--disable-software-rasterizer',
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
 * embedded database, in Debian's Chromium headless shell (no browser download is possible here).
 */
export default defineConfig({
  testDir: './tests',
  // Two files at a time on the two cores: a third less time than one. A third worker gained
  // nothing measurable (586 s against 607 s, 0.8 of the two cores busy either way) and one
  // journey needed its retry. A long journey's budget counts the other file's load: the longest
  // ones are marked slow.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // The visitor asks for less motion: the skeletons' endless pulse and the spinners otherwise
    // make the browser draw every frame while they show (the compositor took 8 % of the suite's
    // CPU). The journeys check what the pages say and do, not their motion.
    reducedMotion: 'reduce',
    // A trace records the page's frames at every step: a third of the suite's CPU when kept for
    // every test. It is recorded when a failed test runs again (CI retries once, to tell a flaky
    // test from a failing one); locally, `--trace on` records it for the test being looked into.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Chromium's headless shell: the same engine as the browser, a quarter less CPU per test.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
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
  // Each worker slot has an app of its own (support/global-setup.ts); the Stripe stack is shared.
  globalSetup: './support/global-setup.ts',
  webServer: [
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
        // Its one journey waits for no periodic job: their usual turn spares the 7 % of a core
        // that a round every second costs a server idle for most of the suite.
        BOOKING_JOBS_INTERVAL_MS: '30000',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_FAKE_PORT}`,
      },
    },
  ],
});
