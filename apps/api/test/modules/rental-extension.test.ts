import type { MissionList } from '@vroum/core/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisToday } from '../../src/modules/dashboard/dashboard.service';
import { fecExport } from '../../src/modules/invoicing/accounting.service';
import { issueInvoicingDocuments } from '../../src/modules/invoicing/invoicing.jobs';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { extensionSteps } from '../helpers/extension';
import { createBooking, recordDepositHold, recordRentalPayment } from '../helpers/factories';
import { handoverReport } from '../helpers/operations';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;
let agent: SignedInUser;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  agent = await signUpUser(ctx, 'agent.prolongation@example.fr');
  await call(adminCookie, 'POST', '/api/v1/admin/agents', { email: agent.email });
}, 60_000);
afterAll(() => ctx.close());

const lazy = new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] });
const rental = rentalSteps(lazy, () => adminCookie);
const extension = extensionSteps(lazy);

function call(cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie, origin: ctx.config.site.publicUrl },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A paid rental (3 days) with protection, a per-day and a one-off option and unlimited km. */
async function confirmedRental() {
  const customer = await signUpUser(ctx);
  const bookingId = await rental.paidBooking(customer);
  await ctx.db.query(
    `update bookings set protection_plan = 'intermediate', unlimited_km = true,
        options = '["baby_seat", "booster_seat"]'::jsonb where id = $1`,
    [bookingId],
  );
  await recordRentalPayment(ctx.db, bookingId, 24_900);
  return { customer, bookingId, returnDate: await extension.returnDate(bookingId) };
}

/** The same rental handed over: active, its deposit held until the booked return. */
async function activeRental() {
  const booked = await confirmedRental();
  const { customer, bookingId } = booked;
  await rental.validateIdentity(customer, bookingId);
  expect((await rental.signCurrentContract(customer, bookingId)).statusCode).toBe(200);
  const hold = await recordDepositHold(ctx.db, bookingId, 350_000);
  await ctx.db.query(`update payments set capture_before = $2 where provider_ref = $1`, [
    hold,
    new Date(booked.returnDate.getTime() + 2 * 3_600_000),
  ]);
  const pm = `pm_sbx_4242_${bookingId.slice(0, 8)}`;
  await ctx.db.query(
    `insert into sandbox_intents (id, client_secret, amount_cents, capture_method, status,
       payment_method, card_last4) values ($1, 'secret', 100, 'manual', 'canceled', $2, '4242')`,
    [`pi_sbx_card_${bookingId.slice(0, 8)}`, pm],
  );
  await ctx.db.query('update bookings set saved_payment_method = $2 where id = $1', [
    bookingId,
    pm,
  ]);
  for (const kind of ['delivery', 'return']) {
    await call(adminCookie, 'PUT', `/api/v1/admin/bookings/${bookingId}/assignment`, {
      kind,
      agentId: agent.id,
    });
  }
  const handover = await call(
    agent.cookie,
    'POST',
    `/api/v1/agent/missions/${bookingId}/handover`,
    handoverReport,
  );
  expect(handover.statusCode, handover.body).toBe(200);
  return { ...booked, hold };
}

describe('the price of an extension', () => {
  it('is the quote of the added days with the same protection, per-day options and kilometres', async () => {
    const { customer, bookingId, returnDate } = await confirmedRental();
    const newReturn = new Date(returnDate.getTime() + 2 * DAY);
    const asked = await extension.quote(customer, bookingId, newReturn);
    expect(asked.statusCode, asked.body).toBe(200);

    const quote = await call(customer.cookie, 'POST', '/api/v1/quotes', {
      vehicleSlug: 'porsche-panamera',
      start: returnDate.toISOString(),
      end: newReturn.toISOString(),
      deliveryAddress: '10 rue de Rivoli, 75001 Paris',
      protection: 'intermediate',
      options: ['baby_seat'],
      unlimitedKm: true,
      withDriver: false,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const fresh = quote.json<{
      days: number;
      totalCents: number;
      deliveryFeeCents: number;
      lines: { label: string; amountCents: number }[];
    }>();
    expect(asked.json()).toEqual({
      fromDate: returnDate.toISOString(),
      toDate: newReturn.toISOString(),
      days: 2,
      // The delivery is not made again and the one-off booster seat was paid once.
      lines: fresh.lines.filter((line) => line.label !== 'Livraison'),
      totalCents: fresh.totalCents - fresh.deliveryFeeCents,
    });
    expect(fresh.days).toBe(2);
  });

  it('is refused in French when the new return is not later, or beyond 30 days', async () => {
    const { customer, bookingId, returnDate } = await confirmedRental();
    const earlier = await extension.quote(
      customer,
      bookingId,
      new Date(returnDate.getTime() - DAY),
    );
    expect(earlier.statusCode).toBe(422);
    expect(earlier.json().error.message).toBe(
      'La nouvelle date de restitution doit être après la date prévue.',
    );
    const far = await extension.quote(
      customer,
      bookingId,
      new Date(returnDate.getTime() + 31 * DAY),
    );
    expect(far.statusCode).toBe(422);
  });

  it('answers a stranger as if the booking did not exist', async () => {
    const { bookingId, returnDate } = await confirmedRental();
    const stranger = await signUpUser(ctx);
    const answer = await extension.quote(stranger, bookingId, new Date(returnDate.getTime() + DAY));
    expect(answer.statusCode).toBe(404);
  });
});

describe('an extension over days the car is taken', () => {
  const unavailable =
    "Véhicule non disponible : ce véhicule n'est pas disponible pour les dates sélectionnées.";

  it('is refused when another customer booked the car right after', async () => {
    const { customer, bookingId, returnDate } = await confirmedRental();
    const vehicle = await ctx.db.query<{ vehicle_id: string }>(
      'select vehicle_id from bookings where id = $1',
      [bookingId],
    );
    await createBooking(ctx.db, {
      vehicleId: vehicle.rows[0]!.vehicle_id,
      start: new Date(returnDate.getTime() + DAY).toISOString(),
      end: new Date(returnDate.getTime() + 1.5 * DAY).toISOString(),
    });
    const newReturn = new Date(returnDate.getTime() + 2 * DAY);
    for (const answer of [
      await extension.quote(customer, bookingId, newReturn),
      await extension.start(customer, bookingId, newReturn),
    ]) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().error.message).toBe(unavailable);
    }
    // A day before the other booking is still free.
    const shorter = await extension.quote(
      customer,
      bookingId,
      new Date(returnDate.getTime() + DAY),
    );
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(await extension.payments(bookingId)).toEqual([]);
  });

  it('is refused when the team blocked the car, and holds its days while it is paid', async () => {
    const { customer, bookingId, returnDate } = await confirmedRental();
    const { rows } = await ctx.db.query<{ vehicle_id: string }>(
      'select vehicle_id from bookings where id = $1',
      [bookingId],
    );
    const vehicleId = rows[0]!.vehicle_id;
    await ctx.db.query(
      `insert into vehicle_blocks (vehicle_id, period, kind, reason)
       values ($1, tstzrange($2, $3, '[)'), 'maintenance', 'Révision des 30 000 km')`,
      [
        vehicleId,
        new Date(returnDate.getTime() + 1.5 * DAY),
        new Date(returnDate.getTime() + 1.9 * DAY),
      ],
    );
    const blocked = await extension.start(
      customer,
      bookingId,
      new Date(returnDate.getTime() + 2 * DAY),
    );
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json().error.message).toBe(unavailable);

    // Being paid, the extension holds its day: nobody else can book it meanwhile.
    const started = await extension.start(
      customer,
      bookingId,
      new Date(returnDate.getTime() + DAY),
    );
    expect(started.statusCode, started.body).toBe(200);
    await expect(
      createBooking(ctx.db, {
        vehicleId,
        start: new Date(returnDate.getTime() + 3_600_000).toISOString(),
        end: new Date(returnDate.getTime() + 5 * 3_600_000).toISOString(),
      }),
    ).rejects.toMatchObject({ code: '23P01' });
  });
});

describe('an extension paid by card during the rental', () => {
  it('is paid once under duplicates, moves the return and its mission, renews the deposit, is invoiced and its amendment signed', async () => {
    const { customer, bookingId, returnDate, hold } = await activeRental();
    const newReturn = new Date(returnDate.getTime() + 2 * DAY);

    // Two taps share one payment.
    const [first, second] = await Promise.all([
      extension.start(customer, bookingId, newReturn),
      extension.start(customer, bookingId, newReturn),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().intentId).toBe(first.json().intentId);
    const { intentId, clientSecret, amountCents } = first.json();
    expect(amountCents).toBe(first.json().totalCents);
    expect((await extension.payWithCard(intentId, clientSecret)).json().status).toBe('succeeded');

    const both = await Promise.all([
      extension.confirm(customer, bookingId, intentId),
      extension.confirm(customer, bookingId, intentId),
    ]);
    for (const answer of both) {
      expect(answer.json()).toEqual({ status: 'paid', returnDate: newReturn.toISOString() });
    }
    expect(await extension.payments(bookingId)).toEqual([
      { amount_cents: amountCents, provider_ref: intentId },
    ]);
    expect((await extension.returnDate(bookingId)).toISOString()).toBe(newReturn.toISOString());
    // The booking's page shows the extension beside the rental's price, and the whole length.
    const detail = await call(customer.cookie, 'GET', `/api/v1/bookings/${bookingId}`);
    expect(detail.json()).toMatchObject({
      returnDate: newReturn.toISOString(),
      days: 5,
      totalPriceCents: 24_900,
      extensionsCents: amountCents,
    });

    // The planning's return follows, and its agent is told.
    const planning = await call(
      adminCookie,
      'GET',
      `/api/v1/admin/planning?from=${encodeURIComponent(returnDate.toISOString())}&to=${encodeURIComponent(new Date(newReturn.getTime() + DAY).toISOString())}`,
    );
    const returnMission = planning
      .json<MissionList>()
      .missions.find((mission) => mission.bookingId === bookingId && mission.kind === 'return');
    expect(returnMission?.at).toBe(newReturn.toISOString());
    const told = await ctx.db.query<{ title: string }>(
      `select title from notifications where user_id = $1 and title like 'Retour % déplacé'`,
      [agent.id],
    );
    expect(told.rows).toHaveLength(1);

    // The deposit's authorisation lapsed before the new return: a new one replaced it.
    const deposits = await ctx.db.query<{ provider_ref: string; status: string }>(
      `select provider_ref, status from payments where booking_id = $1 and kind = 'deposit'
        order by created_at`,
      [bookingId],
    );
    expect(deposits.rows.map((row) => row.status)).toEqual(['canceled', 'requires_capture']);
    expect(deposits.rows[0]!.provider_ref).toBe(hold);

    // The invoice equals the ledger's movement, its lines the extension's, in both journals.
    await issueInvoicingDocuments(ctx.app);
    const invoices = await ctx.db.query<{
      number: string;
      total_ttc_cents: number;
      service_from: Date;
      service_to: Date;
    }>(
      `select d.number, d.total_ttc_cents, d.service_from, d.service_to from invoicing_documents d
         join money_movements m on m.id = d.movement_id
        where m.kind = 'extension_payment' and m.booking_id = $1`,
      [bookingId],
    );
    expect(invoices.rows).toHaveLength(1);
    const invoice = invoices.rows[0]!;
    expect(invoice.total_ttc_cents).toBe(amountCents);
    expect([invoice.service_from.toISOString(), invoice.service_to.toISOString()]).toEqual([
      returnDate.toISOString(),
      newReturn.toISOString(),
    ]);
    // The accounts date their entries in Paris: after 23:00 UTC in winter, today is tomorrow there.
    const today = parisToday();
    const fec = (await fecExport(ctx.db, '123456789', { from: today, to: today })).text;
    const lines = fec.split(/\r?\n/).map((line) => line.split('\t'));
    const cents = (amount = '0') => Math.round(Number(amount.replace(',', '.')) * 100);
    // The sales journal books the invoice (411 debit), the bank journal the card payment (512).
    const sale = lines.filter((line) => line[0] === 'VE' && line[8] === invoice.number);
    expect(sale.find((line) => line[4]!.startsWith('411'))?.[11]).toBeDefined();
    expect(cents(sale.find((line) => line[4]!.startsWith('411'))![11])).toBe(amountCents);
    const bank = lines.filter(
      (line) => line[0] === 'BQ' && line[4]!.startsWith('512') && cents(line[11]) === amountCents,
    );
    expect(bank).toHaveLength(1);

    // The contract is amended: its new version, unsigned, is signed the same way.
    const steps = await rental.steps(customer.cookie, bookingId);
    expect(steps.json().contract.state).toBe('todo');
    const contract = await call(customer.cookie, 'GET', `/api/v1/bookings/${bookingId}/contract`);
    expect(contract.json().version).toBe(2);
    const pdf = await call(
      customer.cookie,
      'GET',
      `/api/v1/bookings/${bookingId}/contract/document`,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const signed = await rental.signCurrentContract(customer, bookingId);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ version: 2, status: 'signed' });
    expect((await rental.steps(customer.cookie, bookingId)).json().contract.state).toBe('done');
  });

  it('frees its days when the customer leaves without paying (the job cancels it at the processor)', async () => {
    const { customer, bookingId, returnDate } = await confirmedRental();
    const newReturn = new Date(returnDate.getTime() + DAY);
    const started = await extension.start(customer, bookingId, newReturn);
    expect(started.statusCode, started.body).toBe(200);
    await ctx.db.query(
      `update rental_extensions set hold_expires_at = now() - interval '1 second' where booking_id = $1`,
      [bookingId],
    );
    const { settleLapsedExtensions } =
      await import('../../src/modules/bookings/rental-extension.service');
    await settleLapsedExtensions({
      db: ctx.db,
      payments: ctx.app.payments,
      site: ctx.config.site,
      log: ctx.app.log,
    });
    const left = await ctx.db.query<{ status: string }>(
      'select status from rental_extensions where booking_id = $1',
      [bookingId],
    );
    expect(left.rows).toEqual([{ status: 'cancelled' }]);
    const occupancy = await ctx.db.query(
      `select 1 from vehicle_occupancy o join rental_extensions e on e.id = o.extension_id
        where e.booking_id = $1`,
      [bookingId],
    );
    expect(occupancy.rows).toEqual([]);
    expect((await extension.returnDate(bookingId)).toISOString()).toBe(returnDate.toISOString());
  });
});
