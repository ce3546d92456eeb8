import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeDueDepositHolds, releaseExpiredHolds } from '../../src/modules/bookings/booking-jobs';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let alice: SignedInUser;
let bruno: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUpUser(ctx, 'alice.booking@example.fr');
  bruno = await signUpUser(ctx, 'bruno.booking@example.fr');
});
afterAll(() => ctx.close());

let daySeed = 40;
/** A fresh future period, so tests never collide on one car. */
function period(days = 3) {
  const start = new Date(Date.now() + daySeed * 86_400_000);
  start.setUTCHours(9, 0, 0, 0);
  daySeed += days + 2;
  return {
    start: start.toISOString(),
    end: new Date(start.getTime() + days * 86_400_000).toISOString(),
  };
}

const driver = (overrides: Record<string, string> = {}) => ({
  firstName: 'Alice',
  lastName: 'Durand',
  dateOfBirth: '1980-05-01',
  licenseNumber: '12AB34567',
  licenseIssueDate: '2000-06-01',
  licenseCountry: 'FR',
  email: 'alice.booking@example.fr',
  phone: '+33 6 12 34 56 78',
  address: '4 place Bellecour',
  city: 'Lyon',
  postalCode: '69002',
  country: 'FR',
  ...overrides,
});

function bookingBody(dates: { start: string; end: string }, extra: Record<string, unknown> = {}) {
  return {
    vehicleSlug: 'porsche-panamera',
    ...dates,
    deliveryAddress: '10 rue de Rivoli, 75001 Paris',
    protection: 'complete',
    options: ['additional_driver'],
    driver: driver(),
    acceptTerms: true,
    ...extra,
  };
}

function startPayment(user: SignedInUser, body: unknown, key: string = crypto.randomUUID()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: { cookie: user.cookie, 'idempotency-key': key, origin: ctx.config.site.publicUrl },
    payload: body as Record<string, unknown>,
  });
}

function confirmCard(start: { paymentIntentId: string; clientSecret: string }, number: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/sandbox/payment-intents/${start.paymentIntentId}/confirm`,
    payload: { clientSecret: start.clientSecret, number, expMonth: 12, expYear: 2030, cvc: '123' },
  });
}

function capture(user: SignedInUser, intentId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payments/${intentId}/capture`,
    headers: { cookie: user.cookie, origin: ctx.config.site.publicUrl },
  });
}

interface Start {
  bookingId: string;
  reference: string;
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
  depositCents: number;
}

describe('POST /api/v1/quotes', () => {
  it('prices every line on the server from ids only', async () => {
    const dates = period(3);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/quotes',
      payload: {
        ...bookingBody(dates),
        deliveryAddress: 'Lyon',
        totalCents: 1,
        deliveryFeeCents: 0,
      },
    });
    expect(response.statusCode).toBe(200);
    const quote = response.json<{
      totalCents: number;
      deliveryFeeCents: number;
      lines: unknown[];
    }>();
    // 3 × 249 + 3 × 28.87 + 3 × 13 + Lyon delivery 280 €
    expect(quote.deliveryFeeCents).toBe(28_000);
    expect(quote.totalCents).toBe(74_700 + 8661 + 3900 + 28_000);
    expect(quote.lines).toContainEqual({ label: 'Protection Complète', amountCents: 8661 });
  });

  const quoteWith = (addresses: { deliveryAddress: string; returnAddress?: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/quotes',
      payload: { ...bookingBody(period(3)), ...addresses },
    });

  it('prices collecting the car at another address as its own line, by the delivery’s rule', async () => {
    const elsewhere = await quoteWith({ deliveryAddress: 'Paris', returnAddress: 'Lyon' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const quote = elsewhere.json<{
      lines: unknown[];
      returnFeeCents: number;
      totalCents: number;
    }>();
    expect(quote.lines).toContainEqual({ label: 'Livraison', amountCents: 0 });
    expect(quote.lines).toContainEqual({
      label: 'Restitution à une autre adresse',
      amountCents: 28_000,
    });
    expect(quote.returnFeeCents).toBe(28_000);
    expect(quote.totalCents).toBe(74_700 + 8661 + 3900 + 28_000);

    // Collected where it was delivered: the delivery fee covers the round trip.
    const same = (await quoteWith({ deliveryAddress: 'Lyon', returnAddress: 'lyon ' })).json<{
      lines: { label: string }[];
      returnFeeCents: number;
    }>();
    expect(same.returnFeeCents).toBe(0);
    expect(same.lines.map((line) => line.label)).not.toContain('Restitution à une autre adresse');

    const inParisRegion = await quoteWith({ deliveryAddress: 'Lyon', returnAddress: 'Versailles' });
    expect(inParisRegion.json().returnFeeCents).toBe(0);
  });

  it('charges and records the collection at another address with the booking', async () => {
    const started = await startPayment(
      alice,
      bookingBody(period(3), { deliveryAddress: 'Paris', returnAddress: 'Lyon' }),
    );
    expect(started.statusCode, started.body).toBe(201);
    const { bookingId, amountCents } = started.json<Start>();
    expect(amountCents).toBe(74_700 + 8661 + 3900 + 28_000);
    const detail = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}`,
      headers: { cookie: alice.cookie },
    });
    expect(detail.json()).toMatchObject({ returnFeeCents: 28_000, returnLocation: 'Lyon' });
  });

  it('refuses a return address the geocoder cannot find, in French, on its field', async () => {
    const response = await quoteWith({ deliveryAddress: 'Paris', returnAddress: 'Zzyzx Qwerty' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      field: 'returnAddress',
      message:
        'Adresse de restitution introuvable. Choisissez une adresse dans la liste des suggestions.',
    });
  });
});

describe('GET /api/v1/payments/config', () => {
  it('tells the checkout to show the built-in processor’s card form', async () => {
    const response = await ctx.app.inject('/api/v1/payments/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'sandbox', publishableKey: null });
  });
});

describe('payment start, card, capture', () => {
  it('charges the server’s amount whatever the browser sends, then confirms the booking', async () => {
    const response = await startPayment(
      alice,
      bookingBody(period(3), { totalAmount: 100, deposit: 1, deliveryFee: 0 }),
    );
    expect(response.statusCode).toBe(201);
    const start = response.json<Start>();
    expect(start.amountCents).toBe(74_700 + 8661 + 3900);
    expect(start.depositCents).toBe(350_000);
    expect(start.reference).toBe(start.bookingId.slice(0, 8).toUpperCase());

    const confirmed = await confirmCard(start, '4242 4242 4242 4242');
    expect(confirmed.json()).toMatchObject({ status: 'requires_capture', redirectUrl: null });
    const captured = await capture(alice, start.paymentIntentId);
    expect(captured.json()).toMatchObject({
      bookingStatus: 'confirmed',
      paymentStatus: 'succeeded',
    });

    const { rows } = await ctx.db.query<{ template: string }>(
      `select template from email_outbox where to_address = $1 and template = 'booking-confirmed'`,
      ['alice.booking@example.fr'],
    );
    expect(rows).toHaveLength(1);
    const notifications = await ctx.db.query<{ title: string }>(
      'select title from notifications where user_id = $1 and link = $2',
      [alice.id, `/reservation/${start.bookingId}`],
    );
    expect(notifications.rows[0]?.title).toBe(`Réservation ${start.reference} confirmée`);
    // A second capture changes nothing and sends nothing more.
    expect((await capture(alice, start.paymentIntentId)).json()).toMatchObject({
      bookingStatus: 'confirmed',
    });
    const again = await ctx.db.query(
      `select 1 from email_outbox where to_address = $1 and template = 'booking-confirmed'`,
      ['alice.booking@example.fr'],
    );
    expect(again.rows).toHaveLength(1);
  });

  it('returns the same booking and intent for a repeated request with the same key', async () => {
    const body = bookingBody(period(2));
    const first = (await startPayment(alice, body, 'same-key-123456')).json<Start>();
    const second = (await startPayment(alice, body, 'same-key-123456')).json<Start>();
    expect(second.bookingId).toBe(first.bookingId);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
  });

  it('answers a retry while the first request’s payment is still being created with a 409, then the payment once its claim lapses', async () => {
    const body = bookingBody(period(2));
    const first = (await startPayment(alice, body, 'crashed-key-123456')).json<Start>();
    // As the processor's ledger stands when the server that was creating the intent crashed.
    const claim = `booking:${first.bookingId}:rental`;
    await ctx.db.query(`update sandbox_idempotency set response = '{}' where key = $1`, [claim]);

    const retried = await startPayment(alice, body, 'crashed-key-123456');
    expect(retried.statusCode).toBe(409);
    expect(retried.json().error.message).toBe(
      'Votre paiement est en cours de préparation : réessayez dans un instant.',
    );

    await ctx.db.query(
      `update sandbox_idempotency set created_at = now() - interval '31 seconds' where key = $1`,
      [claim],
    );
    const later = await startPayment(alice, body, 'crashed-key-123456');
    expect(later.statusCode).toBe(201);
    expect(later.json<Start>().bookingId).toBe(first.bookingId);
  });

  it('declines a refused card with the processor’s message, and lets the customer retry', async () => {
    const start = (await startPayment(alice, bookingBody(period(2)))).json<Start>();
    const refused = await confirmCard(start, '4000000000000002');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ error: { message: 'Votre carte a été refusée.' } });
    const poor = await confirmCard(start, '4000000000009995');
    expect(poor.json()).toMatchObject({
      error: { message: 'Votre carte ne dispose pas de fonds suffisants.' },
    });
    expect((await confirmCard(start, '4242424242424242')).json()).toMatchObject({
      status: 'requires_capture',
    });
  });

  it('refuses anything that looks like a real card', async () => {
    const start = (await startPayment(alice, bookingBody(period(2)))).json<Start>();
    const response = await confirmCard(start, '4111 1111 1111 1111');
    expect(response.statusCode).toBe(402);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(
      /^Mode démonstration/,
    );
  });

  it('sends a 3-D Secure card through the challenge page', async () => {
    const start = (await startPayment(alice, bookingBody(period(2)))).json<Start>();
    const confirmed = await confirmCard(start, '4000002760003184');
    expect(confirmed.json()).toMatchObject({
      status: 'requires_action',
      redirectUrl: `/paiement/3ds/${start.paymentIntentId}`,
    });
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/sandbox/payment-intents/${start.paymentIntentId}/authenticate`,
      payload: { clientSecret: start.clientSecret, approved: true },
    });
    expect(approved.json()).toMatchObject({ status: 'requires_capture' });
  });

  it('never lets another customer capture or read someone else’s payment', async () => {
    const start = (await startPayment(alice, bookingBody(period(2)))).json<Start>();
    expect((await capture(bruno, start.paymentIntentId)).statusCode).toBe(404);
  });
});

describe('holding the car', () => {
  it('lets exactly one of 20 concurrent payment starts hold the car', async () => {
    const dates = period(4);
    const users = [alice, bruno];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        startPayment(users[index % 2]!, bookingBody(dates, { options: [] })),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(responses.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      error: { code: 'vehicle_unavailable' },
    });
    const { rows } = await ctx.db.query<{ count: number }>(
      `select count(*)::int as count from bookings where pickup_date = $1 and booking_status <> 'cancelled'`,
      [dates.start],
    );
    expect(rows[0]?.count).toBe(1);
  });

  it('frees the car when an unpaid hold expires', async () => {
    const dates = period(2);
    const first = (await startPayment(alice, bookingBody(dates))).json<Start>();
    expect((await startPayment(bruno, bookingBody(dates))).statusCode).toBe(409);
    await ctx.db.query(
      `update bookings set hold_expires_at = now() - interval '1 second' where id = $1`,
      [first.bookingId],
    );
    const availability = await ctx.app.inject({
      url: '/api/v1/vehicles/porsche-panamera/availability',
      query: dates,
    });
    expect(availability.json()).toEqual({ available: true });
    expect((await startPayment(bruno, bookingBody(dates))).statusCode).toBe(201);
    await releaseExpiredHolds(ctx.app);
    const { rows } = await ctx.db.query<{ booking_status: string }>(
      'select booking_status from bookings where id = $1',
      [first.bookingId],
    );
    expect(rows[0]?.booking_status).toBe('cancelled');
  });
});

describe('rental conditions', () => {
  it('refuses a driver under 30 for a Super Car with a clear message', async () => {
    const response = await startPayment(
      alice,
      bookingBody(period(1), {
        vehicleSlug: 'lamborghini-urus',
        protection: 'none',
        options: [],
        driver: driver({ dateOfBirth: '2000-01-01' }),
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: {
        code: 'rental_conditions',
        message: 'Le conducteur principal doit avoir au moins 30 ans pour louer une Super Car.',
      },
    });
  });

  it('requires the terms to be accepted', async () => {
    const response = await startPayment(alice, bookingBody(period(1), { acceptTerms: false }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'Veuillez accepter les conditions générales pour continuer.',
    );
  });
});

describe('deposit hold', () => {
  it('authorises the deposit on the saved card 24 h before delivery', async () => {
    const soon = new Date(Date.now() + 6 * 3_600_000);
    const dates = {
      start: soon.toISOString(),
      end: new Date(soon.getTime() + 2 * 86_400_000).toISOString(),
    };
    const start = (
      await startPayment(alice, bookingBody(dates, { vehicleSlug: 'audi-a4' }))
    ).json<Start>();
    await confirmCard(start, '4242424242424242');
    await capture(alice, start.paymentIntentId);
    await placeDueDepositHolds(ctx.app);
    const { rows } = await ctx.db.query<{ deposit_status: string; kind: string; status: string }>(
      `select b.deposit_status, p.kind, p.status from bookings b
         join payments p on p.booking_id = b.id and p.kind = 'deposit' where b.id = $1`,
      [start.bookingId],
    );
    expect(rows).toEqual([{ deposit_status: 'held', kind: 'deposit', status: 'requires_capture' }]);
  });
});

describe('after the return', () => {
  it('releases the deposit authorisation when the team marks the returned booking completed', async () => {
    const soon = new Date(Date.now() + 5 * 3_600_000);
    const dates = {
      start: soon.toISOString(),
      end: new Date(soon.getTime() + 86_400_000).toISOString(),
    };
    const start = (
      await startPayment(alice, bookingBody(dates, { vehicleSlug: 'bmw-serie-3' }))
    ).json<Start>();
    await confirmCard(start, '4242424242424242');
    await capture(alice, start.paymentIntentId);
    await placeDueDepositHolds(ctx.app);
    // The car was handed over: only a rental under way can be completed.
    await ctx.db.query(`update bookings set booking_status = 'active' where id = $1`, [
      start.bookingId,
    ]);
    const admin = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/bookings/${start.bookingId}/status`,
      headers: { cookie: admin, origin: ctx.config.site.publicUrl },
      payload: { status: 'completed' },
    });
    expect(response.statusCode).toBe(200);
    const { rows } = await ctx.db.query<{ deposit_status: string; status: string }>(
      `select b.deposit_status, p.status from bookings b
         join payments p on p.booking_id = b.id and p.kind = 'deposit' where b.id = $1`,
      [start.bookingId],
    );
    expect(rows).toEqual([{ deposit_status: 'released', status: 'canceled' }]);
  });
});

describe('limits', () => {
  it('lets one customer hold only a couple of cars at once while paying', async () => {
    const strict = await createTestApp({ MAX_OPEN_HOLDS: '2' });
    try {
      const carol = await signUpUser(strict, 'carol.holds@example.fr');
      const start = (slug: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/v1/bookings',
          headers: {
            cookie: carol.cookie,
            'idempotency-key': crypto.randomUUID(),
            origin: strict.config.site.publicUrl,
          },
          payload: bookingBody(period(2), {
            vehicleSlug: slug,
            driver: driver({ email: 'carol.holds@example.fr' }),
          }),
        });
      expect((await start('audi-a4')).statusCode).toBe(201);
      expect((await start('bmw-serie-3')).statusCode).toBe(201);
      const third = await start('toyota-yaris');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ error: { code: 'too_many_holds' } });
    } finally {
      await strict.close();
    }
  });
});
