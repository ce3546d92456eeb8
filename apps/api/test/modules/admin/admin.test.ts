import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminBookingPage,
  AdminReviewList,
  AdminUserPage,
  AdminVehicleList,
  Promotion,
} from '@vroum/core/admin';
import { signIn, signUpUser, type SignedInUser } from '../../helpers/auth';
import { createBooking, findVehicleId } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let customer: SignedInUser;
let adminCookie: string;
let adminId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await signUpUser(ctx, 'lea.martin@example.fr');
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  const { rows } = await ctx.db.query<{ id: string }>('select id from users where email = $1', [
    ctx.config.admin.email,
  ]);
  adminId = rows[0]!.id;
});
afterAll(() => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function call(
  method: Method,
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      origin: ctx.config.site.publicUrl,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
}
const asAdmin = (method: Method, url: string, body?: unknown, headers?: Record<string, string>) =>
  call(method, url, { cookie: adminCookie, body, headers });

async function auditRows(entity: string, entityId: string) {
  const { rows } = await ctx.db.query<{
    action: string;
    actor_user_id: string;
    before: unknown;
    after: unknown;
    created_at: Date;
  }>(
    `select action, actor_user_id, before, after, created_at from audit_log
      where entity = $1 and entity_id = $2 order by id`,
    [entity, entityId],
  );
  return rows;
}

const vehicleInput = {
  name: 'Alpine A110 GT',
  category: 'Premium',
  pricePerDayCents: 18950,
  depositCents: 250000,
  imageUrl: 'https://images.example.fr/alpine-a110.jpg',
  description: 'Berlinette légère et agile.',
  isAvailable: true,
  features: { transmission: 'Automatique', seats: 2, luggage: 1, doors: 2, unlimitedKm: false },
};

const promotionInput = {
  code: 'ete2026',
  description: 'Été 2026 : 15 % de réduction',
  discountType: 'percentage',
  discountValue: 1500,
  validFrom: '2026-06-01T00:00:00.000Z',
  validUntil: '2026-09-01T00:00:00.000Z',
  maxUses: 100,
  isActive: true,
};

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const ROUTES: [Method, string, unknown?][] = [
  ['GET', '/api/v1/admin/access'],
  ['GET', '/api/v1/admin/vehicles'],
  ['POST', '/api/v1/admin/vehicles', {}],
  ['PUT', `/api/v1/admin/vehicles/${SOME_ID}`, {}],
  ['DELETE', `/api/v1/admin/vehicles/${SOME_ID}`],
  ['GET', '/api/v1/admin/bookings'],
  ['PATCH', `/api/v1/admin/bookings/${SOME_ID}/status`, { status: 'cancelled' }],
  ['POST', `/api/v1/admin/bookings/${SOME_ID}/refund`, { amountCents: 100 }],
  [
    'POST',
    `/api/v1/admin/bookings/${SOME_ID}/balance-payment`,
    { amountCents: 100, note: 'Virement 1234' },
  ],
  ['GET', '/api/v1/admin/users'],
  ['GET', '/api/v1/admin/reviews'],
  ['PATCH', `/api/v1/admin/reviews/${SOME_ID}`, { isPublished: true }],
  ['GET', '/api/v1/admin/promotions'],
  ['POST', '/api/v1/admin/promotions', {}],
  ['PUT', `/api/v1/admin/promotions/${SOME_ID}`, {}],
  ['DELETE', `/api/v1/admin/promotions/${SOME_ID}`],
  ['GET', '/api/v1/admin/events'],
];

describe('access to /api/v1/admin/*', () => {
  it.each(ROUTES)(
    '%s %s refuses an anonymous caller (401) and a customer (403)',
    async (method, url, body) => {
      const anonymous = await call(method, url, { body });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });
      const forbidden = await call(method, url, { body, cookie: customer.cookie });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({
        error: { code: 'forbidden', message: "Vous n'avez pas les permissions d'administrateur" },
      });
    },
  );
});

describe('vehicles', () => {
  it.each([
    [{ ...vehicleInput, name: '' }, 'name', 'Le nom est obligatoire.'],
    [{ ...vehicleInput, name: undefined }, 'name', 'Le nom est obligatoire.'],
    [
      { ...vehicleInput, pricePerDayCents: undefined },
      'pricePerDayCents',
      'Le prix par jour est obligatoire.',
    ],
    [
      { ...vehicleInput, pricePerDayCents: 0 },
      'pricePerDayCents',
      'Le prix par jour doit être supérieur à 0.',
    ],
    [
      { ...vehicleInput, pricePerDayCents: 12.5 },
      'pricePerDayCents',
      'Le prix par jour doit avoir au plus deux décimales.',
    ],
    [{ ...vehicleInput, depositCents: undefined }, 'depositCents', 'La caution est obligatoire.'],
    [{ ...vehicleInput, depositCents: -1 }, 'depositCents', 'La caution ne peut pas être négatif.'],
    [{ ...vehicleInput, imageUrl: '' }, 'imageUrl', 'L’URL de l’image est obligatoire.'],
    [
      { ...vehicleInput, imageUrl: 'javascript:alert(1)' },
      'imageUrl',
      'L’URL de l’image est invalide (adresse http(s) ou chemin commençant par /).',
    ],
  ])('refuses an invalid vehicle naming the field (%#)', async (payload, field, message) => {
    const response = await asAdmin('POST', '/api/v1/admin/vehicles', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_request', field, message } });
  });

  it('creates, lists, updates and deletes a vehicle, with an audit row for each change', async () => {
    const created = await asAdmin('POST', '/api/v1/admin/vehicles', {
      ...vehicleInput,
      category: undefined,
    });
    expect(created.statusCode).toBe(201);
    const vehicle = created.json<{ id: string; slug: string; category: string }>();
    expect(vehicle).toMatchObject({ slug: 'alpine-a110-gt', category: 'Standard' });

    const list = AdminVehicleList.parse((await asAdmin('GET', '/api/v1/admin/vehicles')).json());
    expect(list.vehicles[0]?.id).toBe(vehicle.id);
    expect(list.vehicles.length).toBeGreaterThan(13);

    const updated = await asAdmin('PUT', `/api/v1/admin/vehicles/${vehicle.id}`, {
      ...vehicleInput,
      pricePerDayCents: 19900,
      isAvailable: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      pricePerDayCents: 19900,
      isAvailable: false,
      slug: 'alpine-a110-gt',
    });

    const deleted = await asAdmin('DELETE', `/api/v1/admin/vehicles/${vehicle.id}`);
    expect(deleted.json()).toEqual({ outcome: 'deleted', message: 'Véhicule supprimé' });
    expect(
      (await ctx.db.query('select 1 from vehicles where id = $1', [vehicle.id])).rowCount,
    ).toBe(0);

    const audit = await auditRows('vehicle', vehicle.id);
    expect(audit.map((row) => row.action)).toEqual([
      'vehicle.create',
      'vehicle.update',
      'vehicle.delete',
    ]);
    expect(audit.every((row) => row.actor_user_id === adminId)).toBe(true);
    expect(audit[1]).toMatchObject({
      before: { pricePerDayCents: 18950, isAvailable: true },
      after: { pricePerDayCents: 19900, isAvailable: false },
    });
    expect(audit[2]).toMatchObject({ before: { name: 'Alpine A110 GT' }, after: null });
    expect(audit[0]!.created_at).toBeInstanceOf(Date);
  });

  it('withdraws a vehicle with bookings instead of deleting it', async () => {
    const vehicleId = await findVehicleId(ctx.db, 'toyota-yaris');
    await createBooking(ctx.db, {
      vehicleId,
      start: '2027-01-10T09:00:00Z',
      end: '2027-01-12T09:00:00Z',
      status: 'completed',
    });
    const response = await asAdmin('DELETE', `/api/v1/admin/vehicles/${vehicleId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      outcome: 'withdrawn',
      message:
        'Ce véhicule a des réservations et ne peut pas être supprimé : il a été rendu indisponible à la location.',
    });
    const { rows } = await ctx.db.query<{ is_available: boolean }>(
      'select is_available from vehicles where id = $1',
      [vehicleId],
    );
    expect(rows[0]?.is_available).toBe(false);
    expect((await auditRows('vehicle', vehicleId)).map((row) => row.action)).toEqual([
      'vehicle.withdraw',
    ]);
  });

  it('gives a Super Car made in the console its daily limit, so that nobody can sell it unlimited km', async () => {
    const created = await asAdmin('POST', '/api/v1/admin/vehicles', {
      ...vehicleInput,
      name: 'McLaren Artura',
      category: 'Super Cars',
    });
    expect(created.statusCode, created.body).toBe(201);
    const supercar = created.json<{
      id: string;
      slug: string;
      dailyKmLimit: number | null;
      features: { unlimitedKm?: boolean };
    }>();
    expect(supercar).toMatchObject({ dailyKmLimit: 200, features: { unlimitedKm: false } });
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/quotes',
      payload: {
        vehicleSlug: supercar.slug,
        start: '2027-05-10T09:00:00Z',
        end: '2027-05-12T09:00:00Z',
        deliveryAddress: 'Paris',
        unlimitedKm: true,
      },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().error.message).toBe(
      'Le kilométrage illimité n’est pas proposé pour ce véhicule.',
    );

    // An edit that does not name the limit keeps it; a standard car may have none.
    const edited = await asAdmin('PUT', `/api/v1/admin/vehicles/${supercar.id}`, {
      ...vehicleInput,
      name: 'McLaren Artura',
      category: 'Super Cars',
      dailyKmLimit: 180,
    });
    expect(edited.json()).toMatchObject({ dailyKmLimit: 180 });
    const kept = await asAdmin('PUT', `/api/v1/admin/vehicles/${supercar.id}`, {
      ...vehicleInput,
      name: 'McLaren Artura',
      category: 'Super Cars',
    });
    expect(kept.json()).toMatchObject({ dailyKmLimit: 180 });
    const standard = await asAdmin('PUT', `/api/v1/admin/vehicles/${supercar.id}`, {
      ...vehicleInput,
      name: 'McLaren Artura',
      category: 'Premium',
      dailyKmLimit: null,
    });
    expect(standard.json()).toMatchObject({ dailyKmLimit: null, features: { unlimitedKm: true } });
  });

  it('answers 404 for an unknown vehicle', async () => {
    expect(
      (await asAdmin('PUT', `/api/v1/admin/vehicles/${SOME_ID}`, vehicleInput)).statusCode,
    ).toBe(404);
  });
});

describe('bookings', () => {
  let panamera: string;
  beforeAll(async () => {
    panamera = await findVehicleId(ctx.db, 'porsche-panamera');
  });

  it('lists newest first with the customer, filters, search and keyset pages', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(
        await createBooking(ctx.db, {
          userId: customer.id,
          vehicleId: panamera,
          start: `2027-03-${String(1 + i * 3).padStart(2, '0')}T09:00:00Z`,
          end: `2027-03-${String(2 + i * 3).padStart(2, '0')}T09:00:00Z`,
          status: i === 0 ? 'cancelled' : 'confirmed',
        }),
      );
    }
    await ctx.db.query(
      `update bookings set customer_email = $1, created_at = now() - make_interval(secs => 100 - ordinality)
         from unnest($2::uuid[]) with ordinality as t(id, ordinality) where bookings.id = t.id`,
      ['lea.martin@example.fr', ids],
    );

    const first = AdminBookingPage.parse(
      (await asAdmin('GET', '/api/v1/admin/bookings?limit=2&q=lea.martin@example.fr')).json(),
    );
    expect(first.total).toBe(5);
    expect(first.bookings.map((b) => b.id)).toEqual([ids[4], ids[3]]);
    expect(first.bookings[0]).toMatchObject({
      customerEmail: 'lea.martin@example.fr',
      vehicleName: 'Porsche Panamera',
      pickupLocation: '10 rue de Rivoli, 75001 Paris',
    });
    const second = AdminBookingPage.parse(
      (
        await asAdmin(
          'GET',
          `/api/v1/admin/bookings?limit=2&q=lea.martin@example.fr&cursor=${first.nextCursor}`,
        )
      ).json(),
    );
    expect(second.bookings.map((b) => b.id)).toEqual([ids[2], ids[1]]);
    const third = AdminBookingPage.parse(
      (
        await asAdmin(
          'GET',
          `/api/v1/admin/bookings?limit=2&q=lea.martin@example.fr&cursor=${second.nextCursor}`,
        )
      ).json(),
    );
    expect(third.bookings.map((b) => b.id)).toEqual([ids[0]]);
    expect(third.nextCursor).toBeNull();

    const cancelled = AdminBookingPage.parse(
      (
        await asAdmin('GET', '/api/v1/admin/bookings?status=cancelled&q=lea.martin@example.fr')
      ).json(),
    );
    expect(cancelled.bookings.map((b) => b.id)).toEqual([ids[0]]);

    const byDate = AdminBookingPage.parse(
      (await asAdmin('GET', '/api/v1/admin/bookings?from=2027-03-07&to=2027-03-08')).json(),
    );
    expect(byDate.bookings.map((b) => b.id)).toEqual([ids[2]]);

    const reference = ids[3]!.slice(0, 6).toUpperCase();
    const byReference = AdminBookingPage.parse(
      (await asAdmin('GET', `/api/v1/admin/bookings?q=${reference.toLowerCase()}`)).json(),
    );
    expect(byReference.bookings.map((b) => b.id)).toContain(ids[3]);

    const byEmailStart = AdminBookingPage.parse(
      (await asAdmin('GET', '/api/v1/admin/bookings?q=Lea.Mart')).json(),
    );
    expect(byEmailStart.total).toBe(5);

    const badCursor = await asAdmin('GET', '/api/v1/admin/bookings?cursor=nope');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ error: { field: 'cursor' } });
  });

  it('refuses the status active', async () => {
    const id = await createBooking(ctx.db, {
      vehicleId: panamera,
      start: '2027-05-01T09:00:00Z',
      end: '2027-05-03T09:00:00Z',
    });
    const response = await asAdmin('PATCH', `/api/v1/admin/bookings/${id}/status`, {
      status: 'active',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { field: 'status' } });
  });

  it('cancelling frees the period and releases the deposit hold; reinstating is refused when rebooked', async () => {
    const start = '2027-06-01T09:00:00Z';
    const end = '2027-06-05T09:00:00Z';
    const id = await createBooking(ctx.db, { vehicleId: panamera, start, end });
    await ctx.db.query(
      `insert into sandbox_intents (id, client_secret, amount_cents, capture_method, status, amount_capturable_cents)
       values ('pi_sbx_deposit_test', 'secret', 350000, 'manual', 'requires_capture', 350000)`,
    );
    await ctx.db.query(
      `insert into payments (booking_id, provider, provider_ref, kind, amount_cents, status)
       values ($1, 'sandbox', 'pi_sbx_deposit_test', 'deposit', 350000, 'requires_capture')`,
      [id],
    );
    await ctx.db.query(`update bookings set deposit_status = 'held' where id = $1`, [id]);

    const busy = await ctx.app.inject({
      url: `/api/v1/vehicles/porsche-panamera/availability?start=${start}&end=${end}`,
    });
    expect(busy.json()).toEqual({ available: false });

    const response = await asAdmin('PATCH', `/api/v1/admin/bookings/${id}/status`, {
      status: 'cancelled',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      bookingStatus: 'cancelled',
      depositStatus: 'released',
    });

    const free = await ctx.app.inject({
      url: `/api/v1/vehicles/porsche-panamera/availability?start=${start}&end=${end}`,
    });
    expect(free.json()).toEqual({ available: true });
    const intent = await ctx.db.query<{ status: string }>(
      `select status from sandbox_intents where id = 'pi_sbx_deposit_test'`,
    );
    expect(intent.rows[0]?.status).toBe('canceled');
    const payment = await ctx.db.query<{ status: string }>(
      `select status from payments where provider_ref = 'pi_sbx_deposit_test'`,
    );
    expect(payment.rows[0]?.status).toBe('canceled');

    const audit = await auditRows('booking', id);
    // Two changes, each with its entry: the hold released at the processor, then the booking.
    expect(audit).toMatchObject([
      {
        action: 'booking.status',
        actor_user_id: adminId,
        before: { bookingStatus: 'confirmed', depositStatus: 'held' },
        after: { bookingStatus: 'confirmed', depositStatus: 'released', event: 'deposit_released' },
      },
      {
        action: 'booking.status',
        actor_user_id: adminId,
        before: { bookingStatus: 'confirmed', depositStatus: 'released' },
        after: { bookingStatus: 'cancelled', cancellationCause: 'admin', event: 'admin_cancelled' },
      },
    ]);

    // Someone books the freed period; the cancelled booking can no longer come back.
    await createBooking(ctx.db, { vehicleId: panamera, start, end });
    const reinstate = await asAdmin('PATCH', `/api/v1/admin/bookings/${id}/status`, {
      status: 'confirmed',
    });
    expect(reinstate.statusCode).toBe(409);
  });

  it('refunds a confirmed amount through the payment port, once per idempotency key', async () => {
    const id = await createBooking(ctx.db, {
      vehicleId: panamera,
      start: '2027-07-01T09:00:00Z',
      end: '2027-07-02T09:00:00Z',
    });
    await ctx.db.query(`update bookings set payment_status = 'succeeded' where id = $1`, [id]);
    await ctx.db.query(
      `insert into sandbox_intents (id, client_secret, amount_cents, capture_method, status, amount_received_cents)
       values ('pi_sbx_rental_test', 'secret', 24900, 'manual', 'succeeded', 24900)`,
    );
    await ctx.db.query(
      `insert into payments (booking_id, provider, provider_ref, kind, amount_cents, amount_captured_cents, status)
       values ($1, 'sandbox', 'pi_sbx_rental_test', 'rental', 24900, 24900, 'succeeded')`,
      [id],
    );
    await ctx.db.query(
      `insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
       values ($1, 'rental_capture', 24900, 'sandbox', 'pi_sbx_rental_test', 'capture:pi_sbx_rental_test')`,
      [id],
    );
    const refund = (amountCents: unknown, key: string) =>
      asAdmin(
        'POST',
        `/api/v1/admin/bookings/${id}/refund`,
        { amountCents },
        { 'idempotency-key': key },
      );

    expect((await refund(0, 'refund-key-0')).json()).toMatchObject({
      error: { field: 'amountCents' },
    });
    const tooMuch = await refund(30000, 'refund-key-1');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ error: { field: 'amountCents' } });

    const partial = await refund(10000, 'refund-key-2');
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({
      paymentStatus: 'succeeded',
      refundedCents: 10000,
      refundableCents: 14900,
    });
    const again = await refund(10000, 'refund-key-2');
    expect(again.json()).toMatchObject({ refundedCents: 10000 });
    // The same request sent twice at once (a double click, a retry): recorded once.
    const [first, second] = await Promise.all([
      refund(1000, 'refund-key-twice'),
      refund(1000, 'refund-key-twice'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(
      (await auditRows('booking', id)).filter((row) => row.action === 'booking.refund'),
    ).toHaveLength(2);

    const rest = await refund(13900, 'refund-key-3');
    expect(rest.json()).toMatchObject({
      paymentStatus: 'refunded',
      refundedCents: 24900,
      refundableCents: 0,
    });
    const sandbox = await ctx.db.query<{ amount_refunded_cents: number }>(
      `select amount_refunded_cents from sandbox_intents where id = 'pi_sbx_rental_test'`,
    );
    expect(sandbox.rows[0]?.amount_refunded_cents).toBe(24900);
    // Three refunds, and the payment's move to « Remboursé » once the last one gave all back.
    expect((await auditRows('booking', id)).map((row) => row.action)).toEqual([
      'booking.refund',
      'booking.refund',
      'booking.refund',
      'booking.status',
    ]);
  });
});

describe('deposit retained for damage', () => {
  it('is no longer taken by an administrator alone: damage goes through a claim and its approval', async () => {
    const id = await createBooking(ctx.db, {
      vehicleId: await findVehicleId(ctx.db, 'porsche-panamera'),
      start: '2027-08-01T09:00:00Z',
      end: '2027-08-03T09:00:00Z',
    });
    const retain = await asAdmin(
      'POST',
      `/api/v1/admin/bookings/${id}/deposit-capture`,
      { amountCents: 45000, reason: 'Rayure' },
      { 'idempotency-key': 'deposit-key-alone' },
    );
    expect(retain.statusCode).toBe(404);
  });
});

describe('users', () => {
  it('lists the users with their profile, searchable and paginated', async () => {
    await ctx.db.query(
      `update profiles set first_name = 'Léa', last_name = 'Martin', phone = '+33 6 12 34 56 78',
         city = 'Lyon', date_of_birth = '1990-04-12' where user_id = $1`,
      [customer.id],
    );
    const page = AdminUserPage.parse((await asAdmin('GET', '/api/v1/admin/users?q=lyon')).json());
    expect(page.total).toBe(1);
    expect(page.users[0]).toMatchObject({
      email: 'lea.martin@example.fr',
      firstName: 'Léa',
      city: 'Lyon',
      dateOfBirth: '1990-04-12',
      accountStatus: 'pending',
    });
    const all = AdminUserPage.parse(
      (await asAdmin('GET', '/api/v1/admin/users?pageSize=1&page=2')).json(),
    );
    expect(all.users).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(2);
  });
});

describe('reviews', () => {
  it('a customer submits a review; the admin publishes, verifies and unpublishes it', async () => {
    const anonymous = await call('POST', '/api/v1/vehicles/bmw-serie-3/reviews', {
      body: { rating: 5, comment: 'Parfait' },
    });
    expect(anonymous.statusCode).toBe(401);
    const invalid = await call('POST', '/api/v1/vehicles/bmw-serie-3/reviews', {
      cookie: customer.cookie,
      body: { rating: 6, comment: 'x' },
    });
    expect(invalid.json()).toMatchObject({ error: { field: 'rating' } });

    const submitted = await call('POST', '/api/v1/vehicles/bmw-serie-3/reviews', {
      cookie: customer.cookie,
      body: { rating: 4, comment: 'Voiture impeccable, livraison à l’heure.' },
    });
    expect(submitted.statusCode).toBe(201);
    const { id } = submitted.json<{ id: string }>();
    const publicList = () => ctx.app.inject({ url: '/api/v1/vehicles/bmw-serie-3/reviews' });
    expect((await publicList()).json()).toEqual({ reviews: [] });

    const list = AdminReviewList.parse((await asAdmin('GET', '/api/v1/admin/reviews')).json());
    expect(list.reviews[0]).toMatchObject({
      id,
      rating: 4,
      isPublished: false,
      isVerified: false,
      vehicleName: 'BMW Série 3',
    });

    expect(
      (await asAdmin('PATCH', `/api/v1/admin/reviews/${id}`, { isPublished: true })).json(),
    ).toMatchObject({
      isPublished: true,
    });
    expect((await publicList()).json()).toMatchObject({
      reviews: [{ id, rating: 4, authorName: 'Léa M.', isVerified: false }],
    });
    expect(
      (await asAdmin('PATCH', `/api/v1/admin/reviews/${id}`, { isVerified: true })).json(),
    ).toMatchObject({
      isVerified: true,
    });
    const unverify = await asAdmin('PATCH', `/api/v1/admin/reviews/${id}`, { isVerified: false });
    expect(unverify.statusCode).toBe(400);
    expect(
      (await asAdmin('PATCH', `/api/v1/admin/reviews/${id}`, { isPublished: false })).json(),
    ).toMatchObject({
      isPublished: false,
      isVerified: true,
    });
    expect((await publicList()).json()).toEqual({ reviews: [] });
    expect((await auditRows('review', id)).map((row) => row.action)).toEqual([
      'review.publish',
      'review.verify',
      'review.unpublish',
    ]);
  });

  it('turns away a burst of reviews from one address (5 a minute)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await call('POST', '/api/v1/vehicles/audi-a4/reviews', {
        cookie: customer.cookie,
        body: { rating: 5, comment: 'Encore un avis.' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(5);
  });
});

describe('promotions', () => {
  it.each([
    [{ ...promotionInput, code: undefined }, 'code', 'Le code est obligatoire.'],
    [{ ...promotionInput, description: ' ' }, 'description', 'La description est obligatoire.'],
    [
      { ...promotionInput, discountValue: undefined },
      'discountValue',
      'La valeur de la réduction est obligatoire.',
    ],
    [
      { ...promotionInput, discountValue: 10001 },
      'discountValue',
      'Un pourcentage de réduction ne peut pas dépasser 100 %.',
    ],
    [
      { ...promotionInput, validFrom: '' },
      'validFrom',
      'La date de début de validité est obligatoire.',
    ],
    [
      { ...promotionInput, validUntil: '2026-05-01T00:00:00.000Z' },
      'validUntil',
      'La date de fin de validité doit être postérieure à la date de début.',
    ],
    [
      { ...promotionInput, maxUses: 1.5 },
      'maxUses',
      'Le nombre maximal d’utilisations doit être un entier.',
    ],
  ])('refuses an invalid promotion naming the field (%#)', async (payload, field, message) => {
    const response = await asAdmin('POST', '/api/v1/admin/promotions', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_request', field, message } });
  });

  it('creates (code in uppercase, unique), updates and deletes a promotion with audit rows', async () => {
    const created = await asAdmin('POST', '/api/v1/admin/promotions', {
      ...promotionInput,
      discountType: undefined,
      isActive: undefined,
      maxUses: null,
    });
    expect(created.statusCode).toBe(201);
    const promotion = Promotion.parse(created.json());
    expect(promotion).toMatchObject({
      code: 'ETE2026',
      discountType: 'percentage',
      isActive: true,
      maxUses: null,
    });

    const duplicate = await asAdmin('POST', '/api/v1/admin/promotions', {
      ...promotionInput,
      code: 'Ete2026',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      error: {
        code: 'promotion_code_taken',
        message: 'Le code promo ETE2026 existe déjà.',
        field: 'code',
      },
    });

    const other = Promotion.parse(
      (
        await asAdmin('POST', '/api/v1/admin/promotions', { ...promotionInput, code: 'BIENVENUE' })
      ).json(),
    );
    const clash = await asAdmin('PUT', `/api/v1/admin/promotions/${other.id}`, promotionInput);
    expect(clash.statusCode).toBe(409);

    const updated = await asAdmin('PUT', `/api/v1/admin/promotions/${promotion.id}`, {
      ...promotionInput,
      discountType: 'fixed',
      discountValue: 2500,
    });
    expect(updated.json()).toMatchObject({
      discountType: 'fixed',
      discountValue: 2500,
      code: 'ETE2026',
    });

    const list = (await asAdmin('GET', '/api/v1/admin/promotions')).json<{
      promotions: Promotion[];
    }>();
    expect(list.promotions.map((p) => p.code)).toEqual(['BIENVENUE', 'ETE2026']);

    expect((await asAdmin('DELETE', `/api/v1/admin/promotions/${promotion.id}`)).statusCode).toBe(
      204,
    );
    expect((await asAdmin('DELETE', `/api/v1/admin/promotions/${promotion.id}`)).statusCode).toBe(
      404,
    );
    expect((await auditRows('promotion', promotion.id)).map((row) => row.action)).toEqual([
      'promotion.create',
      'promotion.update',
      'promotion.delete',
    ]);
  });
});
