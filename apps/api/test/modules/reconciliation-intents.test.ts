import type { ReconciliationDifference } from '@vroum/core/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../../src/modules/bookings/reconciliation.service';
import { SandboxProcessor } from '../../src/providers/payment/sandbox/sandbox-processor';
import { signIn, signUpUser } from '../helpers/auth';
import { extensionSteps } from '../helpers/extension';
import { recordRentalPayment } from '../helpers/factories';
import { rentalSteps } from '../helpers/rental';
import { payWithSandboxCard } from '../helpers/sandbox-card';
import { createTestApp, type TestContext } from '../helpers/test-app';

// The reconciliation reads every intent the ledger knows, an extension's and a balance's too.

let ctx: TestContext;
let adminCookie: string;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
}, 60_000);
afterAll(() => ctx.close());

const lazy = new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] });
const rental = rentalSteps(lazy, () => adminCookie);
const extension = extensionSteps(lazy);

const differences = async () =>
  (
    await ctx.app.inject({ url: '/api/v1/admin/reconciliation', headers: { cookie: adminCookie } })
  ).json<{ differences: ReconciliationDifference[] }>().differences;

/** Every intent compared again now, as if an hour had passed. */
async function reconcileAgain() {
  await ctx.db.query('update payments set reconciled_at = null');
  await ctx.db.query('update intent_reconciliations set reconciled_at = null');
  while ((await reconcileLedger(ctx.app)) > 0);
}

describe('the reconciliation of an extension’s intent', () => {
  it('shows a refund made at the processor outside the app, until the ledger has it', async () => {
    const customer = await signUpUser(ctx);
    const bookingId = await rental.paidBooking(customer);
    await recordRentalPayment(ctx.db, bookingId, 24_900);
    const newReturn = new Date((await extension.returnDate(bookingId)).getTime() + DAY);
    const { intentId, clientSecret } = (
      await extension.start(customer, bookingId, newReturn)
    ).json<{
      intentId: string;
      clientSecret: string;
    }>();
    await extension.payWithCard(intentId, clientSecret);
    expect((await extension.confirm(customer, bookingId, intentId)).statusCode).toBe(200);
    await reconcileAgain();
    expect((await differences()).filter((d) => d.bookingId === bookingId)).toEqual([]);

    await new SandboxProcessor(ctx.db).refund(intentId, 3000, 'dashboard-extension-refund');
    await reconcileAgain();
    expect((await differences()).filter((d) => d.bookingId === bookingId)).toMatchObject([
      { providerRef: intentId, measure: 'refunded', ledgerCents: 0, processorCents: 3000 },
    ]);

    await ctx.db.query(
      `insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
       values ($1, 'rental_refund', 3000, 'sandbox', $2, 'dashboard-extension-refund')`,
      [bookingId, intentId],
    );
    await reconcileAgain();
    expect((await differences()).filter((d) => d.bookingId === bookingId)).toEqual([]);
  });
});

describe('the reconciliation of a balance paid by card', () => {
  it('shows a payment the ledger counts and the processor never received, until it is received', async () => {
    const customer = await signUpUser(ctx);
    const bookingId = await rental.paidBooking(customer);
    await ctx.db.query(
      `update bookings set booking_status = 'completed', balance_due_cents = 50000 where id = $1`,
      [bookingId],
    );
    await ctx.db.query(
      `insert into money_movements (booking_id, kind, amount_cents, provider, idempotency_key)
       values ($1, 'charge_due', 50000, 'outside', $2)`,
      [bookingId, `due:${bookingId}`],
    );
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${bookingId}/balance/card-payment`,
      headers: { cookie: customer.cookie, origin: ctx.config.site.publicUrl },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { intentId, clientSecret } = started.json<{ intentId: string; clientSecret: string }>();
    // The ledger counts the payment while the processor has not received it.
    await ctx.db.query(
      `insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
       values ($1, 'balance_payment', 50000, 'sandbox', $2, $3)`,
      [bookingId, intentId, `balance-test:${bookingId}`],
    );
    await reconcileAgain();
    expect((await differences()).filter((d) => d.bookingId === bookingId)).toMatchObject([
      { providerRef: intentId, measure: 'captured', ledgerCents: 50_000, processorCents: 0 },
    ]);

    await payWithSandboxCard(ctx, { intentId, clientSecret });
    await reconcileAgain();
    expect((await differences()).filter((d) => d.bookingId === bookingId)).toEqual([]);
  });
});
