import type { BookingStatus } from '@vroum/core/booking';
import { adminStatusMoves } from '@vroum/core/booking-lifecycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import {
  createBooking,
  findVehicleId,
  recordDepositHold,
  recordRentalPayment,
} from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;
let owner: SignedInUser;
let stranger: SignedInUser;
let vehicleId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  owner = await signUpUser(ctx, 'owner.cancel@example.fr');
  stranger = await signUpUser(ctx, 'stranger.cancel@example.fr');
  vehicleId = await findVehicleId(ctx.db, 'bmw-serie-3');
});
afterAll(() => ctx.close());

const STATUSES: BookingStatus[] = ['pending', 'confirmed', 'active', 'completed', 'cancelled'];
const ADMIN_CHOICES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;

let day = 0;
/** A booking on its own period, `hoursAhead` from now, for the owner by default. */
async function booking(status: BookingStatus, hoursAhead = 24 * 30): Promise<string> {
  day += 3;
  const start = new Date(Date.now() + hoursAhead * 3_600_000 + day * 86_400_000 * 10);
  const end = new Date(start.getTime() + 2 * 86_400_000);
  const id = await createBooking(ctx.db, {
    userId: owner.id,
    vehicleId,
    start: start.toISOString(),
    end: end.toISOString(),
    status,
  });
  await ctx.db.query(`update bookings set customer_email = $2 where id = $1`, [id, owner.email]);
  return id;
}

/** A booking starting `hoursAhead` from now exactly. */
async function bookingStarting(hoursAhead: number): Promise<string> {
  const start = new Date(Date.now() + hoursAhead * 3_600_000);
  const id = await createBooking(ctx.db, {
    userId: owner.id,
    vehicleId: await findVehicleId(ctx.db, 'audi-a4'),
    start: start.toISOString(),
    end: new Date(start.getTime() + 86_400_000).toISOString(),
    status: 'confirmed',
  });
  await ctx.db.query(`update bookings set customer_email = $2 where id = $1`, [id, owner.email]);
  return id;
}

const setStatus = (id: string, status: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/bookings/${id}/status`,
    headers: { cookie: adminCookie, origin: ctx.config.site.publicUrl },
    payload: { status },
  });

const asCustomer = (user: SignedInUser, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, origin: ctx.config.site.publicUrl },
  });

const statusOf = async (id: string) =>
  (
    await ctx.db.query<{ booking_status: string; deposit_status: string; payment_status: string }>(
      'select booking_status, deposit_status, payment_status from bookings where id = $1',
      [id],
    )
  ).rows[0]!;

describe('the booking lifecycle, enforced by the server', () => {
  it('refuses every move the lifecycle does not allow, with a French message', async () => {
    for (const from of STATUSES) {
      for (const to of ADMIN_CHOICES) {
        if (to === from || adminStatusMoves(from).includes(to)) continue;
        const id = await booking(from);
        const answer = await setStatus(id, to);
        expect(answer.statusCode, `${from} → ${to}`).toBe(409);
        expect(answer.json().error).toMatchObject({ code: 'invalid_transition', field: 'status' });
        expect(answer.json().error.message).toMatch(
          /^Une réservation « .+ » ne peut pas passer à « .+ »\.$/,
        );
        expect((await statusOf(id)).booking_status).toBe(from);
      }
    }
  });

  it('makes every allowed move, writes the audit log and tells the customer', async () => {
    for (const from of STATUSES) {
      for (const to of adminStatusMoves(from)) {
        const id = await booking(from);
        const answer = await setStatus(id, to);
        expect(answer.statusCode, `${from} → ${to}`).toBe(200);
        expect(answer.json()).toMatchObject({ bookingStatus: to });
        const audit = await ctx.db.query<{ after: { bookingStatus: string } }>(
          `select after from audit_log where entity_id = $1 and action = 'booking.status'`,
          [id],
        );
        expect(audit.rows.map((row) => row.after.bookingStatus)).toEqual([to]);
        const mail = await ctx.db.query(`select 1 from email_outbox where dedupe_key = $1`, [
          `booking-status:${id}:${to}`,
        ]);
        expect(mail.rows, `${from} → ${to} notice`).toHaveLength(1);
      }
    }
  });

  it('releases the deposit hold when an administrator closes a rental under way', async () => {
    const id = await booking('active');
    const hold = await recordDepositHold(ctx.db, id, 350_000);
    expect((await setStatus(id, 'completed')).statusCode).toBe(200);
    expect(await statusOf(id)).toMatchObject({
      booking_status: 'completed',
      deposit_status: 'released',
    });
    const intent = await ctx.db.query<{ status: string }>(
      'select status from sandbox_intents where id = $1',
      [hold],
    );
    expect(intent.rows[0]?.status).toBe('canceled');
  });
});

describe('the customer cancels their booking', () => {
  const cancel = (user: SignedInUser, id: string) =>
    asCustomer(user, 'POST', `/api/v1/bookings/${id}/cancel`);

  it('for free more than 48 h before: all refunded once, the hold released, the car free again', async () => {
    const id = await bookingStarting(72);
    const rental = await recordRentalPayment(ctx.db, id, 90_000);
    const hold = await recordDepositHold(ctx.db, id, 350_000);
    const quote = await asCustomer(owner, 'GET', `/api/v1/bookings/${id}/cancellation`);
    expect(quote.json()).toMatchObject({ cancellable: true, feeCents: 0, refundCents: 90_000 });

    const answers = await Promise.all([cancel(owner, id), cancel(owner, id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toContain(200);
    const retry = await cancel(owner, id);
    expect(retry.statusCode).toBe(200);

    expect(await statusOf(id)).toMatchObject({
      booking_status: 'cancelled',
      deposit_status: 'released',
      payment_status: 'refunded',
    });
    const intents = await ctx.db.query<{
      id: string;
      status: string;
      amount_refunded_cents: number;
    }>('select id, status, amount_refunded_cents from sandbox_intents where id = any($1::text[])', [
      [rental, hold],
    ]);
    expect(intents.rows.find((row) => row.id === rental)?.amount_refunded_cents).toBe(90_000);
    expect(intents.rows.find((row) => row.id === hold)?.status).toBe('canceled');
    const refunds = await ctx.db.query(
      `select 1 from audit_log where entity_id = $1 and action = 'booking.refund'`,
      [id],
    );
    expect(refunds.rows).toHaveLength(1);
    const start = (
      await ctx.db.query<{ pickup_date: Date; return_date: Date }>(
        'select pickup_date, return_date from bookings where id = $1',
        [id],
      )
    ).rows[0]!;
    const free = await ctx.app.inject({
      url: `/api/v1/vehicles/audi-a4/availability?start=${start.pickup_date.toISOString()}&end=${start.return_date.toISOString()}`,
    });
    expect(free.json()).toEqual({ available: true });
    const notice = await ctx.db.query<{ message: string }>(
      'select message from notifications where user_id = $1 and link = $2',
      [owner.id, `/reservation/${id}`],
    );
    expect(notice.rows.map((row) => row.message)).toContain(
      'Votre réservation est annulée. 900,00\u00a0€ vous sont remboursés sur votre carte sous 14 jours au plus, et la caution est libérée.',
    );
  });

  it('keeps half of the rental price between 48 h and 24 h before', async () => {
    const id = await bookingStarting(30);
    const rental = await recordRentalPayment(ctx.db, id, 90_000);
    const answer = await cancel(owner, id);
    expect(answer.json()).toMatchObject({ feeCents: 45_000, refundCents: 45_000 });
    const intent = await ctx.db.query<{ amount_refunded_cents: number }>(
      'select amount_refunded_cents from sandbox_intents where id = $1',
      [rental],
    );
    expect(intent.rows[0]?.amount_refunded_cents).toBe(45_000);
    expect(await statusOf(id)).toMatchObject({
      booking_status: 'cancelled',
      payment_status: 'succeeded',
    });
  });

  it('is refused to another customer (404), once the rental has started, and after the car left', async () => {
    const id = await booking('confirmed');
    expect((await cancel(stranger, id)).statusCode).toBe(404);
    expect(
      (await asCustomer(stranger, 'GET', `/api/v1/bookings/${id}/cancellation`)).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/bookings/${id}/cancel`,
          headers: { origin: ctx.config.site.publicUrl },
        })
      ).statusCode,
    ).toBe(401);

    const started = await bookingStarting(-2);
    const late = await cancel(owner, started);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'La location a commencé : elle ne peut plus être annulée en ligne. Contactez-nous.',
    );
    const active = await booking('active');
    const refused = await cancel(owner, active);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Cette réservation ne peut plus être annulée.');
    expect((await statusOf(active)).booking_status).toBe('active');
  });
});
