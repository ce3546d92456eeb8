import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { placeDueDepositHolds } from '../../src/modules/bookings/booking-jobs';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { createBooking, findVehicleId } from '../helpers/factories';
import { startStripeFake, type StripeFake } from '../helpers/stripe-fake-server';
import { createTestApp, type TestContext } from '../helpers/test-app';

const WEBHOOK_SECRET = 'whsec_x';

let fake: StripeFake;
let ctx: TestContext;
let alice: SignedInUser;
/** Plays the customer's browser: Stripe.js confirms the intent directly with Stripe. */
let browser: Stripe;

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: 'sk_test_x' });
  ctx = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_API_URL: fake.url,
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  alice = await signUpUser(ctx, 'alice.stripe@example.fr');
  const url = new URL(fake.url);
  browser = new Stripe('sk_test_x', { host: url.hostname, port: url.port, protocol: 'http' });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

let daySeed = 30;
function period(days = 3) {
  const start = new Date(Date.now() + daySeed * 86_400_000);
  start.setUTCHours(9, 0, 0, 0);
  daySeed += days + 2;
  return {
    start: start.toISOString(),
    end: new Date(start.getTime() + days * 86_400_000).toISOString(),
  };
}

const bookingBody = () => ({
  vehicleSlug: 'porsche-panamera',
  ...period(),
  deliveryAddress: '10 rue de Rivoli, 75001 Paris',
  protection: 'complete',
  options: [],
  driver: {
    firstName: 'Alice',
    lastName: 'Durand',
    dateOfBirth: '1980-05-01',
    licenseNumber: '12AB34567',
    licenseIssueDate: '2000-06-01',
    licenseCountry: 'FR',
    email: 'alice.stripe@example.fr',
    phone: '+33 6 12 34 56 78',
    address: '4 place Bellecour',
    city: 'Lyon',
    postalCode: '69002',
    country: 'FR',
  },
  acceptTerms: true,
});

interface Start {
  bookingId: string;
  provider: string;
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
  publishableKey: string | null;
}

async function startBooking(): Promise<Start> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: {
      cookie: alice.cookie,
      'idempotency-key': crypto.randomUUID(),
      origin: ctx.config.site.publicUrl,
    },
    payload: bookingBody(),
  });
  expect(response.statusCode).toBe(201);
  return response.json<Start>();
}

/** A booking whose card the customer has just confirmed with Stripe (requires_capture). */
async function authorisedBooking(): Promise<Start> {
  const start = await startBooking();
  await browser.paymentIntents.confirm(start.paymentIntentId, { payment_method: 'pm_card_visa' });
  return start;
}

/** Stripe's POST to the endpoint: no Origin header, no cookie, the signed raw body. */
function deliver(signed: { payload: string; headers: Record<string, string> }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    headers: signed.headers,
    payload: signed.payload,
  });
}

const bookingState = async (id: string) =>
  (
    await ctx.db.query<{ booking_status: string; payment_status: string }>(
      'select booking_status, payment_status from bookings where id = $1',
      [id],
    )
  ).rows[0];

const recordedEvent = async (eventId: string) =>
  (
    await ctx.db.query<{ type: string; processed_at: Date | null }>(
      `select type, processed_at from provider_events
        where port = 'payment' and provider = 'stripe' and event_id = $1`,
      [eventId],
    )
  ).rows[0];

const captures = (intentId: string) =>
  fake.requestsTo('POST', `/v1/payment_intents/${intentId}/capture`);

describe('payment start with Stripe', () => {
  it('creates the rental intent on Stripe and gives the browser what Stripe.js needs', async () => {
    const start = await startBooking();
    expect(start).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_x' });
    const intent = fake.intents.get(start.paymentIntentId)!;
    expect(start.clientSecret).toBe(intent.client_secret);
    expect(intent).toMatchObject({
      amount: start.amountCents,
      capture_method: 'manual',
      setup_future_usage: 'off_session',
      metadata: { bookingId: start.bookingId, kind: 'rental' },
    });
    const [created] = fake
      .requestsTo('POST', '/v1/payment_intents')
      .filter((r) => (r.params.metadata as Record<string, string>).bookingId === start.bookingId);
    expect(created?.headers['idempotency-key']).toBe(`booking:${start.bookingId}:rental`);
  });

  it('tells the checkout to show Stripe’s Payment Element, with the publishable key only', async () => {
    const response = await ctx.app.inject('/api/v1/payments/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_x' });
  });

  it('lets the pages load Stripe.js, its Payment Element frames and reach Stripe’s API', async () => {
    const csp = (await ctx.app.inject('/api/v1/health')).headers['content-security-policy'];
    // Besides the page head's inline script, allowed by its hash.
    expect(csp).toMatch(
      /(^|;)script-src 'self' 'sha256-[\w+/=]+' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com(;|$)/,
    );
    expect(csp).toMatch(
      /(^|;)frame-src https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com https:\/\/hooks\.stripe\.com(;|$)/,
    );
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('POST /api/v1/webhooks/stripe', () => {
  it('refuses a bad signature with 400 and processes nothing', async () => {
    const start = await authorisedBooking();
    const event = fake.buildEvent(
      'payment_intent.amount_capturable_updated',
      fake.intent(start.paymentIntentId),
    );
    const forged = await deliver(fake.signedWebhook(event, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      error: {
        code: 'invalid_signature',
        message: 'Signature du webhook invalide : événement ignoré.',
      },
    });
    const signed = fake.signedWebhook(event, WEBHOOK_SECRET);
    const tampered = await deliver({
      payload: signed.payload.replace('"livemode": false', '"livemode": true'),
      headers: signed.headers,
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await deliver({
      payload: signed.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);

    expect(await recordedEvent(event.id)).toBeUndefined();
    expect(await bookingState(start.bookingId)).toEqual({
      booking_status: 'pending',
      payment_status: 'pending',
    });
    expect(captures(start.paymentIntentId)).toHaveLength(0);
  });

  it('settles the booking from Stripe’s state, not from the payload, and only once', async () => {
    const start = await authorisedBooking();
    const truth = fake.intent(start.paymentIntentId);
    expect(truth.status).toBe('requires_capture');
    // The payload lies: were it trusted, the booking would be cancelled or 1 cent captured.
    const event = fake.buildEvent('payment_intent.amount_capturable_updated', {
      ...truth,
      status: 'canceled',
      amount: 1,
      amount_capturable: 1,
    });
    const signed = fake.signedWebhook(event, WEBHOOK_SECRET);
    const readsBefore = fake.requestsTo('GET', `/v1/payment_intents/${start.paymentIntentId}`);

    // No Origin header (Stripe sends none): the API's same-origin check lets it through.
    expect(signed.headers).not.toHaveProperty('origin');
    const response = await deliver(signed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false, outcome: 'handled' });

    expect(await bookingState(start.bookingId)).toEqual({
      booking_status: 'confirmed',
      payment_status: 'succeeded',
    });
    expect(fake.intent(start.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amount_received: start.amountCents,
    });
    const [capture] = captures(start.paymentIntentId);
    expect(capture?.headers['idempotency-key']).toBe(`booking:${start.bookingId}:capture`);
    expect(capture?.params).not.toHaveProperty('amount_to_capture');
    const reads = fake.requestsTo('GET', `/v1/payment_intents/${start.paymentIntentId}`);
    expect(reads.length).toBeGreaterThan(readsBefore.length);
    const payment = await ctx.db.query<{ status: string; amount_captured_cents: number }>(
      `select status, amount_captured_cents from payments where provider_ref = $1`,
      [start.paymentIntentId],
    );
    expect(payment.rows[0]).toEqual({
      status: 'succeeded',
      amount_captured_cents: start.amountCents,
    });
    expect((await recordedEvent(event.id))?.processed_at).toBeInstanceOf(Date);

    // Stripe delivers again (at least once): 200, and nothing happens.
    const requestsBefore = fake.requests.length;
    const replay = await deliver(signed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true, outcome: 'duplicate' });
    expect(fake.requests.length).toBe(requestsBefore);
    expect(captures(start.paymentIntentId)).toHaveLength(1);
    const mails = await ctx.db.query(
      `select 1 from email_outbox where template = 'booking-confirmed' and dedupe_key = $1`,
      [`booking-confirmed:${start.bookingId}`],
    );
    expect(mails.rows).toHaveLength(1);
  });

  it('settles the booking on Stripe’s redelivery when handling failed the first time', async () => {
    const start = await authorisedBooking();
    const event = fake.buildEvent(
      'payment_intent.amount_capturable_updated',
      fake.intent(start.paymentIntentId),
    );
    const signed = fake.signedWebhook(event, WEBHOOK_SECRET);
    fake.failNext('GET', `/v1/payment_intents/${start.paymentIntentId}`, 503);
    const failed = await deliver(signed);
    expect(failed.statusCode).toBe(503);
    expect(await bookingState(start.bookingId)).toMatchObject({ booking_status: 'pending' });
    expect((await recordedEvent(event.id))?.processed_at).toBeNull();

    const redelivered = await deliver(signed);
    expect(redelivered.json()).toEqual({ received: true, duplicate: false, outcome: 'handled' });
    expect(await bookingState(start.bookingId)).toEqual({
      booking_status: 'confirmed',
      payment_status: 'succeeded',
    });
    expect(captures(start.paymentIntentId)).toHaveLength(1);
  });

  it('confirms a booking Stripe captured already (payment_intent.succeeded) without capturing again', async () => {
    const start = await authorisedBooking();
    await browser.paymentIntents.capture(
      start.paymentIntentId,
      {},
      { idempotencyKey: 'elsewhere' },
    );
    const event = fake.events.findLast(
      (e) => e.type === 'payment_intent.succeeded' && e.data.object.id === start.paymentIntentId,
    )!;
    expect((await deliver(fake.signedWebhook(event, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect(await bookingState(start.bookingId)).toEqual({
      booking_status: 'confirmed',
      payment_status: 'succeeded',
    });
    expect(captures(start.paymentIntentId)).toHaveLength(1);
  });

  it('records an extension paid on Stripe whose browser never came back (payment_intent.succeeded)', async () => {
    const { start, end } = period();
    const bookingId = await createBooking(ctx.db, {
      userId: alice.id,
      vehicleId: await findVehicleId(ctx.db),
      start,
      end,
    });
    const newReturn = new Date(new Date(end).getTime() + 86_400_000);
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${bookingId}/extension/card-payment`,
      headers: { cookie: alice.cookie, origin: ctx.config.site.publicUrl },
      payload: { returnDate: newReturn.toISOString() },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { intentId, amountCents } = started.json<{ intentId: string; amountCents: number }>();
    await browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const event = fake.events.findLast(
      (e) => e.type === 'payment_intent.succeeded' && e.data.object.id === intentId,
    )!;
    for (let delivery = 0; delivery < 2; delivery++) {
      expect((await deliver(fake.signedWebhook(event, WEBHOOK_SECRET))).statusCode).toBe(200);
    }
    const recorded = await ctx.db.query<{ amount_cents: number; return_date: Date }>(
      `select m.amount_cents, b.return_date from money_movements m join bookings b on b.id = m.booking_id
        where m.booking_id = $1 and m.kind = 'extension_payment'`,
      [bookingId],
    );
    expect(recorded.rows).toEqual([{ amount_cents: amountCents, return_date: newReturn }]);
  });

  it('answers 200 to an event about an unknown intent, and logs it', async () => {
    const warn = vi.spyOn(ctx.app.log, 'warn');
    try {
      const event = fake.buildEvent('payment_intent.succeeded', {
        id: 'pi_NotOneOfOurs',
        object: 'payment_intent',
        status: 'succeeded',
      });
      const response = await deliver(fake.signedWebhook(event, WEBHOOK_SECRET));
      expect(response.statusCode).toBe(200);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ eventId: event.id, intentId: 'pi_NotOneOfOurs' }),
        'Stripe event for an unknown payment intent',
      );
      expect((await recordedEvent(event.id))?.processed_at).toBeInstanceOf(Date);
      expect(fake.requestsTo('GET', '/v1/payment_intents/pi_NotOneOfOurs')).toHaveLength(0);
    } finally {
      warn.mockRestore();
    }
  });

  it('records and acknowledges events it has nothing to do for', async () => {
    const event = fake.buildEvent('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await deliver(fake.signedWebhook(event, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect(await recordedEvent(event.id)).toMatchObject({ type: 'customer.created' });
  });

  it('keeps the deposit’s payment row in step with Stripe (hold placed off-session, then lapsed)', async () => {
    const start = await authorisedBooking();
    const settled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payments/${start.paymentIntentId}/capture`,
      headers: { cookie: alice.cookie, origin: ctx.config.site.publicUrl },
    });
    expect(settled.json()).toMatchObject({ bookingStatus: 'confirmed' });
    // Delivery is tomorrow: the deposit hold is due.
    await ctx.db.query(
      `update bookings set deposit_due_at = now() - interval '1 minute' where id = $1`,
      [start.bookingId],
    );
    await placeDueDepositHolds(ctx.app);

    const depositRow = async () =>
      (
        await ctx.db.query<{ provider_ref: string; status: string; capture_before: Date | null }>(
          `select provider_ref, status, capture_before from payments
            where booking_id = $1 and kind = 'deposit'`,
          [start.bookingId],
        )
      ).rows[0]!;
    const held = await depositRow();
    expect(held.status).toBe('requires_capture');
    expect(held.capture_before!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const hold = fake.intents.get(held.provider_ref)!;
    expect(hold).toMatchObject({
      amount: 350_000,
      capture_method: 'manual',
      customer: fake.intents.get(start.paymentIntentId)!.customer,
      metadata: { bookingId: start.bookingId, kind: 'deposit' },
    });
    const [placed] = fake
      .requestsTo('POST', '/v1/payment_intents')
      .filter((r) => r.headers['idempotency-key'] === `booking:${start.bookingId}:deposit:1`);
    expect(placed?.params).toMatchObject({ confirm: 'true', off_session: 'true' });

    // Eight days on, the card network released the authorisation and Stripe says so.
    fake.advanceTime(8 * 86_400);
    try {
      expect(fake.intent(held.provider_ref).status).toBe('canceled');
      const lapsed = fake.events.findLast(
        (e) => e.type === 'payment_intent.canceled' && e.data.object.id === held.provider_ref,
      )!;
      expect((await deliver(fake.signedWebhook(lapsed, WEBHOOK_SECRET))).statusCode).toBe(200);
    } finally {
      fake.advanceTime(-8 * 86_400);
    }
    expect(await depositRow()).toMatchObject({ status: 'canceled', capture_before: null });
    expect(await bookingState(start.bookingId)).toEqual({
      booking_status: 'confirmed',
      payment_status: 'succeeded',
    });
  });
});
