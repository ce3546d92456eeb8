import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, findVehicleId } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let panameraId: string;
const ids: string[] = [];

// The Panamera in 2027: a confirmed booking 10–14 March, a payment hold 14–16 March (it touches
// the first), a repair block 1–5 April, a cancelled booking, a lapsed hold and a lifted block.
beforeAll(async () => {
  ctx = await createTestApp();
  panameraId = await findVehicleId(ctx.db, 'porsche-panamera');
  const booking = (start: string, end: string, status?: 'pending' | 'cancelled') =>
    createBooking(ctx.db, { vehicleId: panameraId, start, end, status });
  ids.push(await booking('2027-03-10T09:00:00Z', '2027-03-14T09:00:00Z'));
  ids.push(await booking('2027-03-14T09:00:00Z', '2027-03-16T17:00:00Z', 'pending'));
  ids.push(await booking('2027-05-01T09:00:00Z', '2027-05-03T09:00:00Z', 'cancelled'));
  const lapsed = await booking('2027-05-10T09:00:00Z', '2027-05-12T09:00:00Z', 'pending');
  ids.push(lapsed);
  await ctx.db.query(
    `update bookings set hold_expires_at = now() - interval '1 minute' where id = $1`,
    [lapsed],
  );
  const block = async (start: string, end: string) => {
    const { rows } = await ctx.db.query<{ id: string }>(
      `insert into vehicle_blocks (vehicle_id, period, kind, reason)
       values ($1, tstzrange($2::timestamptz, $3::timestamptz, '[)'), 'repair', 'Pare-chocs arrière')
       returning id`,
      [panameraId, start, end],
    );
    return rows[0]!.id;
  };
  ids.push(await block('2027-04-01T07:00:00Z', '2027-04-05T18:00:00Z'));
  const lifted = await block('2027-06-01T07:00:00Z', '2027-06-03T18:00:00Z');
  ids.push(lifted);
  await ctx.db.query(`update vehicle_blocks set lifted_at = now() where id = $1`, [lifted]);
});
afterAll(() => ctx.close());

const takenPeriods = (from: string, to: string, slug = 'porsche-panamera') =>
  ctx.app.inject({ url: `/api/v1/vehicles/${slug}/taken-periods`, query: { from, to } });

describe('GET /api/v1/vehicles/:slug/taken-periods', () => {
  it('lists the bookings that hold the car and its fleet blocks, merged where they touch', async () => {
    const response = await takenPeriods('2027-03-01T00:00:00+01:00', '2027-07-01T00:00:00+02:00');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      from: '2027-02-28T23:00:00.000Z',
      to: '2027-06-30T22:00:00.000Z',
      taken: [
        { start: '2027-03-10T09:00:00.000Z', end: '2027-03-16T17:00:00.000Z' },
        { start: '2027-04-01T07:00:00.000Z', end: '2027-04-05T18:00:00.000Z' },
      ],
    });
  });

  it('says nothing of who took the car, which booking, its status or the reason', async () => {
    const response = await takenPeriods('2027-03-02T00:00:00Z', '2027-06-30T00:00:00Z');
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['from', 'taken', 'to']);
    for (const period of body.taken as object[]) {
      expect(Object.keys(period).sort()).toEqual(['end', 'start']);
    }
    for (const secret of [...ids, 'Pare-chocs', 'repair', 'confirmed', 'pending', 'Rivoli']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('cuts the periods to the window asked', async () => {
    const response = await takenPeriods('2027-03-12T00:00:00Z', '2027-04-03T00:00:00Z');
    expect(response.json().taken).toEqual([
      { start: '2027-03-12T00:00:00.000Z', end: '2027-03-16T17:00:00.000Z' },
      { start: '2027-04-01T07:00:00.000Z', end: '2027-04-03T00:00:00.000Z' },
    ]);
  });

  it('leaves out a cancelled booking, a lapsed payment hold and a lifted block', async () => {
    const response = await takenPeriods('2027-04-20T00:00:00Z', '2027-06-20T00:00:00Z');
    expect(response.statusCode).toBe(200);
    expect(response.json().taken).toEqual([]);
  });

  it('counts the extra days of an extension being paid, not those of a lapsed one', async () => {
    const extend = async (start: string, end: string, extra: string, holdMinutes: number) => {
      const bookingId = await createBooking(ctx.db, { vehicleId: panameraId, start, end });
      await ctx.db.query(
        `insert into rental_extensions (booking_id, vehicle_id, idempotency_key, from_date,
           to_date, days, lines, amount_cents, provider, hold_expires_at)
         values ($1, $2, $3, $4, $5, 2, '[]'::jsonb, 49800, 'sandbox',
           now() + make_interval(mins => $6))`,
        [bookingId, panameraId, `extend-${bookingId}`, end, extra, holdMinutes],
      );
    };
    await extend('2027-07-01T09:00:00Z', '2027-07-03T09:00:00Z', '2027-07-05T09:00:00Z', 10);
    await extend('2027-08-20T09:00:00Z', '2027-08-22T09:00:00Z', '2027-08-24T09:00:00Z', -1);
    const response = await takenPeriods('2027-07-01T00:00:00Z', '2027-09-01T00:00:00Z');
    expect(response.json().taken).toEqual([
      { start: '2027-07-01T09:00:00.000Z', end: '2027-07-05T09:00:00.000Z' },
      { start: '2027-08-20T09:00:00.000Z', end: '2027-08-22T09:00:00.000Z' },
    ]);
  });

  it('tells nothing of the past: a period is cut at the present moment', async () => {
    const vehicleId = await findVehicleId(ctx.db, 'bmw-serie-3');
    const now = Date.now();
    const iso = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
    await createBooking(ctx.db, { vehicleId, start: iso(-72), end: iso(-48) });
    await createBooking(ctx.db, { vehicleId, start: iso(-24), end: iso(24) });
    const response = await takenPeriods(iso(-96), iso(96), 'bmw-serie-3');
    const [current, ...others] = response.json<{ taken: { start: string; end: string }[] }>().taken;
    expect(others).toEqual([]);
    expect(current!.end).toBe(iso(24));
    expect(Date.parse(current!.start)).toBeGreaterThanOrEqual(now);
    // A window wholly past has nothing in it.
    const past = await takenPeriods(iso(-96), iso(-1), 'bmw-serie-3');
    expect(past.statusCode).toBe(200);
    expect(past.json().taken).toEqual([]);
  });

  it('gives the whole window for a car the team withdrew', async () => {
    await ctx.db.query(`update vehicles set is_available = false where slug = 'audi-a4'`);
    const response = await takenPeriods('2027-08-01T00:00:00Z', '2027-08-10T00:00:00Z', 'audi-a4');
    await ctx.db.query(`update vehicles set is_available = true where slug = 'audi-a4'`);
    expect(response.json().taken).toEqual([
      { start: '2027-08-01T00:00:00.000Z', end: '2027-08-10T00:00:00.000Z' },
    ]);
  });

  it.each([
    [
      'an unreadable start',
      'demain',
      '2027-03-07T10:00:00Z',
      'from',
      'La date de début de la période est invalide.',
    ],
    [
      'a date without a time',
      '2027-03-01',
      '2027-03-07T10:00:00Z',
      'from',
      'La date de début de la période est invalide.',
    ],
    [
      'an unreadable end',
      '2027-03-07T10:00:00Z',
      '',
      'to',
      'La date de fin de la période est invalide.',
    ],
    [
      'an end before the start',
      '2027-03-08T10:00:00Z',
      '2027-03-07T10:00:00Z',
      'to',
      'La fin de la période doit être postérieure à son début.',
    ],
    [
      'a window longer than 400 days',
      '2027-01-01T00:00:00Z',
      '2028-03-01T00:00:00Z',
      'to',
      'La période demandée ne peut pas dépasser 400 jours.',
    ],
  ])('refuses %s with a French 400', async (_label, from, to, field, message) => {
    const response = await takenPeriods(from, to);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_request', message, field } });
  });

  it('answers 404 for an unknown vehicle', async () => {
    const response = await takenPeriods(
      '2027-03-01T00:00:00Z',
      '2027-03-09T00:00:00Z',
      'batmobile',
    );
    expect(response.statusCode).toBe(404);
  });
});
