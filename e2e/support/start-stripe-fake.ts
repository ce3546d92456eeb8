// Run by playwright.config.ts as a web server: the local Stripe-format API for the Stripe
// checkout journey, until Playwright stops it.
import { startStripeFake } from '../../apps/api/test/helpers/stripe-fake-server';
import { STRIPE_FAKE_PORT, STRIPE_SECRET_KEY } from './stripe-stack';

const fake = await startStripeFake({ port: STRIPE_FAKE_PORT, secretKey: STRIPE_SECRET_KEY });
console.log(`Stripe-format server listening on ${fake.url}`);
