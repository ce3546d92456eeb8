import { E2E_PORT as PORT } from './app-server';

/**
 * The second app the browser tests start: the same build with PAYMENT_PROVIDER=stripe, talking
 * to a local server that speaks Stripe's API (apps/api/test/helpers/stripe-fake-server.ts).
 * Ports follow E2E_PORT, so parallel runs on other ports do not collide.
 */
export const STRIPE_APP_PORT = PORT + 1;
export const STRIPE_APP_URL = `http://127.0.0.1:${STRIPE_APP_PORT}`;
export const STRIPE_FAKE_PORT = PORT + 2;
export const STRIPE_FAKE_URL = `http://127.0.0.1:${STRIPE_FAKE_PORT}`;
export const STRIPE_SECRET_KEY = 'sk_test_e2e_vroum_prestige';
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_e2e_vroum_prestige';
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_vroum_prestige';
