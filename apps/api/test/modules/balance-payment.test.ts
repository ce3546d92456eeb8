import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { rentalSteps } from '../helpers/rental';
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

function pay(bookingId: string, key: string, body: unknown, cookie = adminCookie) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/bookings/${bookingId}/balance-payment`,
    headers: { cookie, origin: ctx.config.site.publicUrl, 'idempotency-key': key },
    payload: body as Record<string, unknown>,
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

const balanceOf = async (bookingId: string) =>
  (
    await ctx.db.query<{ balance_due_cents: number }>(
      'select balance_due_cents from bookings where id = $1',
      [bookingId],
    )
  ).rows[0]?.balance_due_cents;

describe('a balance due paid another way', () => {
  it('is recorded once per key, even twice at once, and the customer is told what remains', async () => {
    const { customer, bookingId } = await rentalOwing();
    const transfer = { amountCents: 20_000, note: 'Virement du 2 décembre, réf. VIR-4821' };
    const first = await pay(bookingId, 'first-payment', transfer);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().balanceDueCents).toBe(30_000);
    expect((await pay(bookingId, 'first-payment', transfer)).json().balanceDueCents).toBe(30_000);

    const rest = { amountCents: 30_000, note: 'Chèque n° 1234567' };
    const both = await Promise.all([
      pay(bookingId, 'rest-of-it', rest),
      pay(bookingId, 'rest-of-it', rest),
    ]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(bookingId)).toBe(0);

    const audit = await ctx.db.query<{ amount: number; note: string; left: number }>(
      `select (after ->> 'amountCents')::int as amount, after ->> 'note' as note,
              (after ->> 'balanceDueCents')::int as left
         from audit_log where entity_id = $1 and action = 'booking.balance_paid' order by id`,
      [bookingId],
    );
    expect(audit.rows).toEqual([
      { amount: 20_000, note: transfer.note, left: 30_000 },
      { amount: 30_000, note: rest.note, left: 0 },
    ]);
    const notices = await ctx.db.query<{ message: string }>(
      `select message from notifications where user_id = $1 and title like 'Règlement reçu%'
        order by created_at`,
      [customer.id],
    );
    expect(notices.rows.map((row) => row.message)).toEqual([
      'Nous avons bien reçu votre règlement de 200,00\u00a0€. Il reste 300,00\u00a0€ à régler pour cette location.',
      'Nous avons bien reçu votre règlement de 300,00\u00a0€. Vous ne nous devez plus rien pour cette location.',
    ]);

    const more = await pay(bookingId, 'after-all-paid', { amountCents: 100, note: 'Espèces' });
    expect(more.statusCode).toBe(422);
    expect(more.json().error.message).toBe('Aucun solde ne reste dû sur cette réservation.');
  });

  it('refuses more than is owed, a payment without its means, a customer and an unknown booking', async () => {
    const { customer, bookingId } = await rentalOwing();
    const tooMuch = await pay(bookingId, 'more-than-owed', {
      amountCents: 60_000,
      note: 'Virement',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe(
      'Le montant réglé dépasse le solde dû (500,00\u00a0€).',
    );

    const noNote = await pay(bookingId, 'without-note', { amountCents: 10_000, note: ' ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toContain(
      'Indiquez comment le client a réglé et sa référence (3 caractères au moins).',
    );

    const byCustomer = await pay(
      bookingId,
      'by-customer',
      { amountCents: 50_000, note: 'Je paie' },
      customer.cookie,
    );
    expect(byCustomer.statusCode).toBe(403);

    const unknown = await pay('00000000-0000-4000-8000-000000000000', 'unknown-booking', {
      amountCents: 100,
      note: 'Virement',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await balanceOf(bookingId)).toBe(50_000);
  });
});
