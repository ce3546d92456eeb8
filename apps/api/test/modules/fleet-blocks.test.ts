import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { checkout } from '../helpers/checkout';
import { createBooking, findVehicleId } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;
let customer: SignedInUser;
let pay: ReturnType<typeof checkout>;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  customer = await signUpUser(ctx, 'bloc.client@example.fr');
  pay = checkout(ctx);
}, 60_000);
afterAll(() => ctx.close());

const DAY = 86_400_000;
/** 9:00 UTC, `days` days from today: every test works on dates of its own. */
const dayAt = (days: number) => {
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, 9);
};
const iso = (ms: number) => new Date(ms).toISOString();

function admin(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  cookie = adminCookie,
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie, origin: ctx.config.site.publicUrl },
    ...(payload ? { payload } : {}),
  });
}

async function block(slug: string, from: number, days: number, reason = 'Vidange et freins') {
  return admin('POST', '/admin/fleet-blocks', {
    vehicleId: await findVehicleId(ctx.db, slug),
    start: iso(from),
    end: iso(from + days * DAY),
    kind: 'maintenance',
    reason,
  });
}

const available = async (slug: string, from: number, days: number) =>
  (
    await ctx.app.inject({
      url: `/api/v1/vehicles/${slug}/availability`,
      query: { start: iso(from), end: iso(from + days * DAY) },
    })
  ).json<{ available: boolean }>().available;

const searchSlugs = async (from: number, days: number) =>
  (
    await ctx.app.inject({
      url: '/api/v1/search',
      query: { start: iso(from), end: iso(from + days * DAY), limit: '48' },
    })
  )
    .json<{ vehicles: { slug: string }[] }>()
    .vehicles.map((vehicle) => vehicle.slug);

const quote = (slug: string, from: number, days: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/quotes',
    headers: { origin: ctx.config.site.publicUrl },
    payload: {
      vehicleSlug: slug,
      start: iso(from),
      end: iso(from + days * DAY),
      deliveryAddress: '10 rue de Rivoli, 75001 Paris',
    },
  });

describe('fleet blocks', () => {
  it('blocks a car for a period, with its audit entry, and lists it', async () => {
    const answer = await block('porsche-panamera', dayAt(10), 3);
    expect(answer.statusCode).toBe(201);
    const created = answer.json<{ id: string; kind: string; vehicleName: string }>();
    expect(created).toMatchObject({ kind: 'maintenance', reason: 'Vidange et freins' });
    const list = await admin('GET', '/admin/fleet-blocks');
    expect(list.json().blocks.map((b: { id: string }) => b.id)).toContain(created.id);
    const audit = await ctx.db.query(
      `select action from audit_log where entity = 'vehicle_block' and entity_id = $1`,
      [created.id],
    );
    expect(audit.rows).toEqual([{ action: 'vehicle_block.create' }]);
  });

  it('makes the blocked period unavailable to the availability, the fleet, the search, the quote and the payment start', async () => {
    await block('ferrari-f8-spider', dayAt(20), 4);
    const inside = dayAt(21);
    expect(await available('ferrari-f8-spider', inside, 1)).toBe(false);
    expect(await available('ferrari-f8-spider', dayAt(24), 2)).toBe(true);
    expect(await searchSlugs(inside, 1)).not.toContain('ferrari-f8-spider');
    expect(await searchSlugs(dayAt(24), 2)).toContain('ferrari-f8-spider');
    const fleet = await ctx.app.inject({
      url: '/api/v1/vehicles',
      query: { start: iso(inside), end: iso(inside + DAY) },
    });
    const ferrariId = await findVehicleId(ctx.db, 'ferrari-f8-spider');
    expect(fleet.json().unavailableVehicleIds).toContain(ferrariId);

    const refusedQuote = await quote('ferrari-f8-spider', inside, 1);
    expect(refusedQuote.statusCode).toBe(409);
    expect(refusedQuote.json().error.message).toMatch(/^Véhicule non disponible/);
    const freeQuote = await quote('ferrari-f8-spider', dayAt(24), 2);
    expect(freeQuote.statusCode, freeQuote.body).toBe(200);

    const refusedStart = await pay.request(customer, 'ferrari-f8-spider', dayAt(19), { days: 2 });
    expect(refusedStart.statusCode).toBe(409);
    expect(refusedStart.json().error.message).toMatch(/^Véhicule non disponible/);
  });

  it('refuses, in the database itself, a booking written over a block', async () => {
    await block('range-rover-sport', dayAt(30), 3);
    const vehicleId = await findVehicleId(ctx.db, 'range-rover-sport');
    await expect(
      createBooking(ctx.db, { vehicleId, start: iso(dayAt(31)), end: iso(dayAt(32)) }),
    ).rejects.toMatchObject({ code: '23P01' });
    // And the other way: a block written straight over a confirmed booking.
    const taken = await findVehicleId(ctx.db, 'bmw-serie-3');
    await createBooking(ctx.db, { vehicleId: taken, start: iso(dayAt(31)), end: iso(dayAt(33)) });
    await expect(
      ctx.db.query(
        `insert into vehicle_blocks (vehicle_id, period, kind, reason)
         values ($1, tstzrange($2::timestamptz, $3::timestamptz, '[)'), 'repair', 'Carrosserie')`,
        [taken, iso(dayAt(32)), iso(dayAt(34))],
      ),
    ).rejects.toMatchObject({ code: '23P01' });
    // A cancelled booking takes no room; a second block over the first is refused too.
    await createBooking(ctx.db, {
      vehicleId,
      start: iso(dayAt(31)),
      end: iso(dayAt(32)),
      status: 'cancelled',
    });
    const second = await block('range-rover-sport', dayAt(32), 3);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toMatch(/^Ce véhicule est déjà immobilisé du /);
  });

  it('lets the database alone decide between a block and a booking written at once, without the car’s lock', async () => {
    const vehicleId = await findVehicleId(ctx.db, 'peugeot-208');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const blockWritten = new Promise<void>((resolve) => (inserted = resolve));
    const blocking = ctx.db.transaction(async (tx) => {
      await tx.query(
        `insert into vehicle_blocks (vehicle_id, period, kind, reason)
         values ($1, tstzrange($2::timestamptz, $3::timestamptz, '[)'), 'repair', 'Carrosserie')`,
        [vehicleId, iso(dayAt(36)), iso(dayAt(38))],
      );
      inserted();
      await held;
    });
    await blockWritten;
    // The booking's insert waits for the block's transaction, then fails on the constraint.
    const booking = createBooking(ctx.db, {
      vehicleId,
      start: iso(dayAt(37)),
      end: iso(dayAt(39)),
    }).then(
      () => 'written',
      (error: { code?: string }) => error.code,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await blocking;
    expect(await booking).toBe('23P01');
  });

  it('refuses a block over live bookings with the bookings listed, and takes a lapsed hold’s place', async () => {
    const vehicleId = await findVehicleId(ctx.db, 'lamborghini-urus');
    const first = await createBooking(ctx.db, {
      vehicleId,
      start: iso(dayAt(40)),
      end: iso(dayAt(42)),
    });
    const second = await createBooking(ctx.db, {
      vehicleId,
      start: iso(dayAt(43)),
      end: iso(dayAt(44)),
      status: 'active',
    });
    const refs = await ctx.db.query<{ reference: string }>(
      `select reference from bookings where id = any($1::uuid[]) order by pickup_date`,
      [[first, second]],
    );
    const refused = await block('lamborghini-urus', dayAt(39), 10);
    expect(refused.statusCode).toBe(409);
    const message = refused.json().error.message as string;
    expect(message).toMatch(/^Ce véhicule est réservé sur cette période\u00a0: /);
    for (const { reference } of refs.rows) expect(message).toContain(reference);
    expect(message).toContain('Déplacez ou annulez ces réservations');

    const lapsed = await createBooking(ctx.db, {
      vehicleId,
      start: iso(dayAt(50)),
      end: iso(dayAt(52)),
      status: 'pending',
    });
    await ctx.db.query(
      `update bookings set hold_expires_at = now() - interval '1 minute' where id = $1`,
      [lapsed],
    );
    expect((await block('lamborghini-urus', dayAt(50), 2)).statusCode).toBe(201);
    const state = await ctx.db.query(`select booking_status from bookings where id = $1`, [lapsed]);
    expect(state.rows[0]).toEqual({ booking_status: 'cancelled' });
  });

  it('gives the car to exactly one of a block and a payment start fired at once, never both', async () => {
    const vehicleId = await findVehicleId(ctx.db, 'mclaren-720s');
    for (let round = 0; round < 6; round++) {
      const from = dayAt(60 + round * 5);
      const blockNow = () =>
        admin('POST', '/admin/fleet-blocks', {
          vehicleId,
          start: iso(from),
          end: iso(from + 2 * DAY),
          kind: 'inspection',
          reason: 'Contrôle technique',
        });
      const startNow = () => pay.request(customer, 'mclaren-720s', from);
      // Each order of arrival, in turn.
      const [blocked, started] =
        round % 2
          ? await Promise.all([blockNow(), startNow()])
          : await Promise.all([startNow(), blockNow()]).then(([s, b]) => [b, s] as const);
      const statuses = [blocked.statusCode, started.statusCode].sort();
      expect(statuses).toEqual([201, 409]);
      if (started.statusCode === 409) {
        expect(started.json().error.message).toMatch(/^Véhicule non disponible/);
      } else {
        expect(blocked.json().error.message).toMatch(/^Ce véhicule (est réservé|vient d’être)/);
      }
      // Free the customer's hold so the next round is not refused for too many holds.
      await ctx.db.query(
        `update bookings set hold_expires_at = now() - interval '1 minute'
          where user_id = $1 and booking_status = 'pending'`,
        [customer.id],
      );
    }
  }, 60_000);

  it('changes a block’s dates and reason, refused over a booking, and lifts it to free the car', async () => {
    const vehicleId = await findVehicleId(ctx.db, 'mercedes-classe-s-500');
    const created = (await block('mercedes-classe-s-500', dayAt(90), 2)).json<{ id: string }>();
    await createBooking(ctx.db, { vehicleId, start: iso(dayAt(95)), end: iso(dayAt(97)) });

    const change = (from: number, days: number) =>
      admin('PUT', `/admin/fleet-blocks/${created.id}`, {
        start: iso(from),
        end: iso(from + days * DAY),
        kind: 'repair',
        reason: 'Pare-chocs à remplacer',
      });
    expect((await change(dayAt(92), 5)).statusCode).toBe(409);
    const moved = await change(dayAt(91), 3);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ kind: 'repair', reason: 'Pare-chocs à remplacer' });
    expect(await available('mercedes-classe-s-500', dayAt(90), 1)).toBe(true);
    expect(await available('mercedes-classe-s-500', dayAt(93), 1)).toBe(false);

    const lifted = await admin('POST', `/admin/fleet-blocks/${created.id}/lift`);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().liftedAt).not.toBeNull();
    expect(await available('mercedes-classe-s-500', dayAt(93), 1)).toBe(true);
    expect((await quote('mercedes-classe-s-500', dayAt(92), 2)).statusCode).toBe(200);
    expect((await pay.request(customer, 'mercedes-classe-s-500', dayAt(92))).statusCode).toBe(201);
    const audit = await ctx.db.query(
      `select action from audit_log where entity = 'vehicle_block' and entity_id = $1 order by id`,
      [created.id],
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'vehicle_block.create',
      'vehicle_block.change',
      'vehicle_block.lift',
    ]);
    expect((await admin('GET', '/admin/fleet-blocks')).json().blocks).not.toContainEqual(
      expect.objectContaining({ id: created.id }),
    );
  });

  it('refuses bad input in French and keeps customers and visitors out', async () => {
    const vehicleId = await findVehicleId(ctx.db, 'porsche-panamera');
    const reversed = await admin('POST', '/admin/fleet-blocks', {
      vehicleId,
      start: iso(dayAt(5)),
      end: iso(dayAt(4)),
      kind: 'inspection',
      reason: 'Contrôle',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toMatchObject({
      field: 'end',
      message: 'La fin de l’immobilisation doit suivre son début.',
    });
    const body = {
      vehicleId,
      start: iso(dayAt(5)),
      end: iso(dayAt(6)),
      kind: 'inspection',
      reason: 'Contrôle',
    };
    expect((await admin('POST', '/admin/fleet-blocks', body, customer.cookie)).statusCode).toBe(
      403,
    );
    expect((await admin('GET', '/admin/fleet-blocks', undefined, customer.cookie)).statusCode).toBe(
      403,
    );
    expect((await admin('POST', '/admin/fleet-blocks', body, '')).statusCode).toBe(401);
    const missing = await admin('POST', `/admin/fleet-blocks/${crypto.randomUUID()}/lift`);
    expect(missing.statusCode).toBe(404);
  });
});

describe('fleet blocks and the catalogue answers kept by the API', () => {
  let kept: TestContext;
  beforeAll(async () => {
    kept = await createTestApp({ CATALOGUE_CACHE_MS: '60000' });
  });
  afterAll(() => kept.close());

  it('drops the kept answers when a block is created and when it is lifted', async () => {
    const cookie = await signIn(kept, kept.config.admin.email, kept.config.admin.password!);
    const period = { start: iso(dayAt(12)), end: iso(dayAt(14)) };
    const free = async () =>
      (
        await kept.app.inject({ url: '/api/v1/vehicles/audi-a4/availability', query: period })
      ).json<{ available: boolean }>().available;
    expect(await free()).toBe(true);
    const created = await kept.app.inject({
      method: 'POST',
      url: '/api/v1/admin/fleet-blocks',
      headers: { cookie, origin: kept.config.site.publicUrl },
      payload: {
        vehicleId: await findVehicleId(kept.db, 'audi-a4'),
        ...period,
        kind: 'private_use',
        reason: 'Salon automobile',
      },
    });
    expect(created.statusCode).toBe(201);
    await expect.poll(free, { timeout: 2000 }).toBe(false);
    await kept.app.inject({
      method: 'POST',
      url: `/api/v1/admin/fleet-blocks/${created.json().id}/lift`,
      headers: { cookie, origin: kept.config.site.publicUrl },
    });
    await expect.poll(free, { timeout: 2000 }).toBe(true);
  });
});
