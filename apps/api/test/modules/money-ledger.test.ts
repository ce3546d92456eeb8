import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminBookingPage } from '@vroum/core/admin';
import { BookingLedger, type ReconciliationDifference } from '@vroum/core/ledger';
import { settleLatePayments, settlePendingMovements } from '../../src/modules/bookings/money-jobs';
import { reconcileLedger } from '../../src/modules/bookings/reconciliation.service';
import { SandboxProcessor } from '../../src/providers/payment/sandbox/sandbox-processor';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { checkout } from '../helpers/checkout';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let pay: ReturnType<typeof checkout>;
let customer: SignedInUser;
let adminCookie: string;
let nextDay = Date.UTC(2027, 9, 1, 9);
const days = (count: number) => {
  const start = nextDay;
  nextDay += (count + 1) * 86_400_000;
  return start;
};

beforeAll(async () => {
  ctx = await createTestApp();
  pay = checkout(ctx);
  customer = await signUpUser(ctx, 'ledger.client@example.fr');
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
}, 120_000);
afterAll(() => ctx.close());

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: unknown, key?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: {
      cookie: adminCookie,
      origin: ctx.config.site.publicUrl,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

async function paidBooking() {
  const start = await pay.start(customer, 'mercedes-classe-s-500', days(2));
  expect((await pay.confirmCard(start)).statusCode).toBe(200);
  await pay.capture(customer, start.paymentIntentId);
  return start;
}

const ledgerOf = async (bookingId: string) =>
  BookingLedger.parse((await asAdmin('GET', `/api/v1/admin/bookings/${bookingId}/ledger`)).json());

const differences = async () =>
  (await asAdmin('GET', '/api/v1/admin/reconciliation')).json<{
    differences: ReconciliationDifference[];
  }>().differences;

describe('the console’s view of a booking’s money', () => {
  it('lists each movement and sums paid and refunded from the ledger, as the bookings list does', async () => {
    const start = await paidBooking();
    const refund = await asAdmin(
      'POST',
      `/api/v1/admin/bookings/${start.bookingId}/refund`,
      { amountCents: 10_000 },
      'ledger-refund-1',
    );
    expect(refund.statusCode, refund.body).toBe(200);

    const ledger = await ledgerOf(start.bookingId);
    expect(ledger.movements.map((movement) => [movement.kind, movement.amountCents])).toEqual([
      ['rental_capture', start.amountCents],
      ['rental_refund', 10_000],
    ]);
    expect(ledger.totals).toMatchObject({
      paidCents: start.amountCents,
      refundedCents: 10_000,
      refundPendingCents: 0,
      dueCents: 0,
    });
    const page = AdminBookingPage.parse(
      (await asAdmin('GET', `/api/v1/admin/bookings?q=${start.bookingId.slice(0, 8)}`)).json(),
    );
    expect(page.bookings[0]).toMatchObject({
      paidCents: start.amountCents,
      refundedCents: 10_000,
      refundableCents: start.amountCents - 10_000,
    });
  });

  it('is for administrators only', async () => {
    const start = await paidBooking();
    const asCustomer = await ctx.app.inject({
      url: `/api/v1/admin/bookings/${start.bookingId}/ledger`,
      headers: { cookie: customer.cookie },
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/v1/admin/reconciliation' })).statusCode).toBe(401);
  });
});

describe('a refund left pending by a crash', () => {
  it('is asked of the processor by the job under its key and recorded, once', async () => {
    const start = await paidBooking();
    // What a server stopped between the refund's reservation and the processor leaves behind.
    await ctx.db.query(
      `insert into money_movements (booking_id, kind, amount_cents, state, provider, provider_ref,
         idempotency_key, created_at)
       values ($1, 'rental_refund', 5000, 'pending', 'sandbox', $2, $3, now() - interval '2 minutes')`,
      [start.bookingId, start.paymentIntentId, `booking:${start.bookingId}:crashed-refund`],
    );
    expect((await ledgerOf(start.bookingId)).totals.refundPendingCents).toBe(5000);

    await settlePendingMovements(ctx.app);
    await settlePendingMovements(ctx.app);
    const intent = await ctx.db.query<{ amount_refunded_cents: number }>(
      'select amount_refunded_cents from sandbox_intents where id = $1',
      [start.paymentIntentId],
    );
    expect(intent.rows[0]?.amount_refunded_cents).toBe(5000);
    expect((await ledgerOf(start.bookingId)).totals).toMatchObject({
      refundedCents: 5000,
      refundPendingCents: 0,
    });
  });
});

describe('a late payment nobody came back for', () => {
  it('has its authorisation voided once its booking lapsed more than ten minutes ago', async () => {
    const start = await pay.start(customer, 'bmw-serie-3', days(2));
    expect((await pay.confirmCard(start)).statusCode).toBe(200);
    await ctx.db.query(
      `update bookings set hold_expires_at = now() - interval '1 second' where id = $1`,
      [start.bookingId],
    );
    // Another customer's start on the car cancels the lapsed hold, leaving the card authorised.
    const other = await signUpUser(ctx);
    await pay.start(other, 'bmw-serie-3', days(2));
    await ctx.db.query(
      `update bookings set updated_at = now() - interval '11 minutes' where id = $1`,
      [start.bookingId],
    );
    await ctx.db.query(
      `update payments set status = 'requires_payment_method' where provider_ref = $1`,
      [start.paymentIntentId],
    );

    await settleLatePayments(ctx.app);
    const intent = await ctx.db.query<{ status: string; amount_received_cents: number }>(
      'select status, amount_received_cents from sandbox_intents where id = $1',
      [start.paymentIntentId],
    );
    // The car was still free: the payment revives the booking.
    expect(intent.rows[0]).toEqual({
      status: 'succeeded',
      amount_received_cents: start.amountCents,
    });
    const booking = await ctx.db.query<{ booking_status: string }>(
      'select booking_status from bookings where id = $1',
      [start.bookingId],
    );
    expect(booking.rows[0]?.booking_status).toBe('confirmed');
  });

  it('has a payment never made cancelled at the processor', async () => {
    const start = await pay.start(customer, 'audi-a4', days(2));
    await ctx.db.query(
      `update bookings set hold_expires_at = now() - interval '1 second' where id = $1`,
      [start.bookingId],
    );
    await pay.start(await signUpUser(ctx), 'audi-a4', days(2));
    await ctx.db.query(
      `update bookings set updated_at = now() - interval '11 minutes' where id = $1`,
      [start.bookingId],
    );
    await settleLatePayments(ctx.app);
    const intent = await ctx.db.query<{ status: string }>(
      'select status from sandbox_intents where id = $1',
      [start.paymentIntentId],
    );
    expect(intent.rows[0]?.status).toBe('canceled');
    expect(await settleLatePayments(ctx.app)).toBe(0);
  });
});

describe('the reconciliation of the ledger with the processor', () => {
  it('finds nothing to show when they agree, and shows a refund made outside the app until the ledger has it', async () => {
    await ctx.db.query('update payments set reconciled_at = null');
    while ((await reconcileLedger(ctx.app)) > 0);
    expect(await differences()).toEqual([]);

    const start = await paidBooking();
    // Someone refunds at the processor's dashboard, without the app.
    await new SandboxProcessor(ctx.db).refund(start.paymentIntentId, 2500, 'dashboard-refund');
    await ctx.db.query('update payments set reconciled_at = null where provider_ref = $1', [
      start.paymentIntentId,
    ]);
    await reconcileLedger(ctx.app);
    const [difference, ...others] = await differences();
    expect(others).toEqual([]);
    expect(difference).toMatchObject({
      bookingId: start.bookingId,
      reference: start.bookingId.slice(0, 8).toUpperCase(),
      providerRef: start.paymentIntentId,
      measure: 'refunded',
      ledgerCents: 0,
      processorCents: 2500,
    });

    // The team records it in the ledger (here as the app would have): the difference closes.
    await ctx.db.query(
      `insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
       values ($1, 'rental_refund', 2500, 'sandbox', $2, 'dashboard-refund')`,
      [start.bookingId, start.paymentIntentId],
    );
    await ctx.db.query('update payments set reconciled_at = null where provider_ref = $1', [
      start.paymentIntentId,
    ]);
    await reconcileLedger(ctx.app);
    expect(await differences()).toEqual([]);
  });
});
