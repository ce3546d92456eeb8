import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDifferences } from '../../src/modules/bookings/money-ledger.service';
import { reconcileLedger } from '../../src/modules/bookings/reconciliation.service';
import { createBooking, findVehicleId } from '../helpers/factories';
import { startStripeFake, type StripeFake } from '../helpers/stripe-fake-server';
import { createTestApp, type TestContext } from '../helpers/test-app';

// The reconciliation through the Stripe adapter: an extension's and a balance's intents, which
// have no row in `payments`, are read from Stripe and compared with the ledger.

let fake: StripeFake;
let ctx: TestContext;
/** Plays Stripe.js, and the processor's dashboard for a refund made outside the app. */
let stripe: Stripe;

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: 'sk_test_x' });
  ctx = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_API_URL: fake.url,
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  });
  const url = new URL(fake.url);
  stripe = new Stripe('sk_test_x', { host: url.hostname, port: url.port, protocol: 'http' });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

let day = 40;
async function booking(): Promise<string> {
  const start = new Date(Date.now() + day * 86_400_000);
  day += 5;
  return createBooking(ctx.db, {
    vehicleId: await findVehicleId(ctx.db, 'audi-a4'),
    start: start.toISOString(),
    end: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
  });
}

/** An intent with automatic capture, as the extension's and the balance's payments create. */
async function intentOf(bookingId: string, kind: string, paid: boolean): Promise<string> {
  const intent = await ctx.app.payments.createIntent({
    amountCents: 12_000,
    captureMethod: 'automatic',
    description: kind,
    metadata: { bookingId, kind },
    idempotencyKey: `${kind}:${bookingId}`,
  });
  if (paid) await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  return intent.id;
}

async function record(
  bookingId: string,
  kind: string,
  intentId: string,
  key: string,
  cents = 12_000,
) {
  await ctx.db.query(
    `insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
     values ($1, $2, $3, 'stripe', $4, $5)`,
    [bookingId, kind, cents, intentId, key],
  );
}

async function reconcileAgain() {
  await ctx.db.query('update intent_reconciliations set reconciled_at = null');
  while ((await reconcileLedger(ctx.app)) > 0);
  return openDifferences(ctx.db);
}

describe('the reconciliation with Stripe', () => {
  it('keeps a refund made at Stripe on an extension’s intent open until the ledger has it', async () => {
    const bookingId = await booking();
    const intentId = await intentOf(bookingId, 'extension', true);
    await record(bookingId, 'extension_payment', intentId, `extension:${bookingId}`);
    expect(await reconcileAgain()).toEqual([]);

    await stripe.refunds.create({ payment_intent: intentId, amount: 4_000 });
    expect(await reconcileAgain()).toMatchObject([
      {
        bookingId,
        providerRef: intentId,
        measure: 'refunded',
        ledgerCents: 0,
        processorCents: 4_000,
      },
    ]);
    // The team records it (here as the app would have): the difference closes.
    await record(bookingId, 'rental_refund', intentId, `dashboard:${intentId}`, 4_000);
    expect(await reconcileAgain()).toEqual([]);
  });

  it('keeps a balance the ledger counts and Stripe never received open until it is received', async () => {
    const bookingId = await booking();
    const intentId = await intentOf(bookingId, 'balance', false);
    await record(bookingId, 'balance_payment', intentId, `balance:${bookingId}`);
    expect(await reconcileAgain()).toMatchObject([
      {
        bookingId,
        providerRef: intentId,
        measure: 'captured',
        ledgerCents: 12_000,
        processorCents: 0,
      },
    ]);
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    expect(await reconcileAgain()).toEqual([]);
  });
});
