import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { rentalSteps } from '../helpers/rental';
import { payWithSandboxCard } from '../helpers/sandbox-card';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
});
afterAll(() => ctx.close());

const rental = rentalSteps(
  new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
  () => adminCookie,
);

function call(cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie, origin: ctx.config.site.publicUrl },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A completed rental whose return charges the customer's card refused: 500 € still owed. */
async function rentalOwing(): Promise<{ customer: SignedInUser; bookingId: string }> {
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
  return { customer, bookingId };
}

const start = (cookie: string, bookingId: string) =>
  call(cookie, 'POST', `/api/v1/bookings/${bookingId}/balance/card-payment`);
const confirm = (cookie: string, bookingId: string, intentId: string) =>
  call(cookie, 'POST', `/api/v1/bookings/${bookingId}/balance/card-payment/confirmation`, {
    intentId,
  });

/** The browser's card form and its 3-D Secure challenge, as the sandbox plays them. */
const payWithCard = (intentId: string, clientSecret: string, number: string) =>
  payWithSandboxCard(ctx, { intentId, clientSecret }, number);

const balancePayments = async (bookingId: string) =>
  (
    await ctx.db.query<{ amount_cents: number; provider: string; provider_ref: string }>(
      `select amount_cents, provider, provider_ref from money_movements
        where booking_id = $1 and kind = 'balance_payment' order by id`,
      [bookingId],
    )
  ).rows;

describe('a balance due paid by card from the booking page', () => {
  it('records a card payment with its 3-D Secure challenge once, even confirmed twice at once, and tells the customer', async () => {
    const { customer, bookingId } = await rentalOwing();
    const state = await call(customer.cookie, 'GET', `/api/v1/bookings/${bookingId}/balance`);
    expect(state.json()).toEqual({ balanceDueCents: 50_000, disputed: false });

    // Two taps (or two tabs) share one intent.
    const [first, second] = await Promise.all([
      start(customer.cookie, bookingId),
      start(customer.cookie, bookingId),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const { intentId, clientSecret, amountCents } = first.json();
    expect(second.json().intentId).toBe(intentId);
    expect(amountCents).toBe(50_000);

    const paid = await payWithCard(intentId, clientSecret, '4000002760003184');
    expect(paid.json().status).toBe('succeeded');

    const both = await Promise.all([
      confirm(customer.cookie, bookingId, intentId),
      confirm(customer.cookie, bookingId, intentId),
    ]);
    expect(both.map((answer) => answer.json())).toEqual([
      { status: 'paid', balanceDueCents: 0 },
      { status: 'paid', balanceDueCents: 0 },
    ]);
    expect(await balancePayments(bookingId)).toEqual([
      { amount_cents: 50_000, provider: 'sandbox', provider_ref: intentId },
    ]);
    const notices = await ctx.db.query<{ message: string }>(
      `select message from notifications where user_id = $1 and title like 'Règlement reçu%'`,
      [customer.id],
    );
    expect(notices.rows.map((row) => row.message)).toEqual([
      'Votre paiement par carte de 500,00\u00a0€ est bien reçu. Vous ne nous devez plus rien pour cette location.',
    ]);

    const again = await start(customer.cookie, bookingId);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('Aucun solde ne reste dû sur cette réservation.');
  });

  it('never takes more than is owed: a transfer recorded meanwhile cancels the card payment left open', async () => {
    const { customer, bookingId } = await rentalOwing();
    const open = (await start(customer.cookie, bookingId)).json();
    const transfer = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/bookings/${bookingId}/balance-payment`,
      headers: {
        cookie: adminCookie,
        origin: ctx.config.site.publicUrl,
        'idempotency-key': 'transfer-1',
      },
      payload: { amountCents: 20_000, note: 'Virement VIR-1' },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);

    // The page left open can no longer pay the old amount.
    const stale = await payWithCard(open.intentId, open.clientSecret, '4242424242424242');
    expect(stale.json().status).toBe('canceled');
    const late = await confirm(customer.cookie, bookingId, open.intentId);
    expect(late.json()).toEqual({ status: 'failed', balanceDueCents: 30_000 });

    const fresh = await start(customer.cookie, bookingId);
    expect(fresh.json().amountCents).toBe(30_000);
    expect(fresh.json().intentId).not.toBe(open.intentId);
    await payWithCard(fresh.json().intentId, fresh.json().clientSecret, '4242424242424242');
    const done = await confirm(customer.cookie, bookingId, fresh.json().intentId);
    expect(done.json()).toEqual({ status: 'paid', balanceDueCents: 0 });
    expect((await balancePayments(bookingId)).map((row) => row.amount_cents)).toEqual([
      20_000, 30_000,
    ]);
  });

  it('keeps the balance when the card is declined, and lets no one else start or confirm a payment', async () => {
    const { customer, bookingId } = await rentalOwing();
    const open = (await start(customer.cookie, bookingId)).json();
    const declined = await payWithCard(open.intentId, open.clientSecret, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    const outcome = await confirm(customer.cookie, bookingId, open.intentId);
    expect(outcome.json()).toEqual({ status: 'failed', balanceDueCents: 50_000 });

    const stranger = await signUpUser(ctx);
    expect((await start(stranger.cookie, bookingId)).statusCode).toBe(404);
    expect((await confirm(stranger.cookie, bookingId, open.intentId)).statusCode).toBe(404);
    const peek = await call(stranger.cookie, 'GET', `/api/v1/bookings/${bookingId}/balance`);
    expect(peek.statusCode).toBe(404);
    expect(await balancePayments(bookingId)).toEqual([]);
  });
});
