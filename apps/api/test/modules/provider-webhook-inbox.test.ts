import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryProviderEvents } from '../../src/modules/webhooks/webhook-retry.jobs';
import { webhookSources } from '../../src/webhook-sources';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { createBooking, findVehicleId } from '../helpers/factories';
import { startStripeFake, type StripeFake } from '../helpers/stripe-fake-server';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { startYousignFakeServer, type YousignFake } from '../helpers/yousign-fake-server';

const IDENTITY_SECRET = 'whsec_identity_inbox';
const YOUSIGN_SECRET = 'yousign-inbox-secret';
let ctx: TestContext;
let stripe: StripeFake;
let yousign: YousignFake;
let daySeed = 20;

beforeAll(async () => {
  stripe = await startStripeFake();
  yousign = await startYousignFakeServer();
  ctx = await createTestApp({
    IDENTITY_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_inbox',
    STRIPE_IDENTITY_WEBHOOK_SECRET: IDENTITY_SECRET,
    STRIPE_API_URL: stripe.url,
    SIGNATURE_PROVIDER: 'yousign',
    YOUSIGN_API_KEY: yousign.apiKey,
    YOUSIGN_WEBHOOK_SECRET: YOUSIGN_SECRET,
    YOUSIGN_API_URL: yousign.url,
  });
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
  await yousign.close();
});

const headers = (cookie: string) => ({ cookie, origin: ctx.config.site.publicUrl });

async function paidBooking(user: SignedInUser) {
  const start = new Date(Date.now() + daySeed * 86_400_000);
  daySeed += 5;
  const id = await createBooking(ctx.db, {
    userId: user.id,
    vehicleId: await findVehicleId(ctx.db),
    start: start.toISOString(),
    end: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
  });
  await ctx.db.query(`update bookings set driver_info = $2 where id = $1`, [
    id,
    JSON.stringify({ firstName: 'Alice', lastName: 'Martin', dateOfBirth: '1990-04-07' }),
  ]);
  return id;
}

const steps = async (user: SignedInUser, bookingId: string) =>
  (
    await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}/steps`,
      headers: headers(user.cookie),
    })
  ).json<{ identity: { state: string }; contract: { state: string } }>();

interface StoredEvent {
  processed_at: Date | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
}
const storedEvent = async (eventId: string) =>
  (
    await ctx.db.query<StoredEvent>(
      `select processed_at, attempts, last_error, next_attempt_at
         from provider_events where event_id = $1`,
      [eventId],
    )
  ).rows;

/** Time passes: the event's next retry is due. */
const makeDue = (eventId: string) =>
  ctx.db.query(
    `update provider_events set next_attempt_at = now() - interval '1 second' where event_id = $1`,
    [eventId],
  );

// --- Yousign ----------------------------------------------------------------------------------

const signedDocumentOf = (requestId: string) =>
  new RegExp(`/signature_requests/${requestId}/documents/download$`);

/** A contract sent to Yousign and signed there; Yousign's "done" event, signed, to deliver. */
async function signedContract() {
  const user = await signUpUser(ctx);
  const bookingId = await paidBooking(user);
  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${bookingId}/contract/hosted`,
    headers: headers(user.cookie),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const requestId = [...yousign.signatureRequests.keys()].at(-1)!;
  yousign.signAll(requestId);
  const webhook = yousign.buildWebhook('signature_request.done', requestId, {
    secret: YOUSIGN_SECRET,
  });
  const eventId = (JSON.parse(webhook.rawBody.toString()) as { event_id: string }).event_id;
  const deliver = (body = webhook.rawBody, signed = webhook.headers) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/yousign',
      headers: { ...signed, 'content-type': 'application/json' },
      payload: body,
    });
  const downloads = () => yousign.requestsTo('GET', signedDocumentOf(requestId)).length;
  return { user, bookingId, requestId, eventId, deliver, downloads };
}

/** Yousign is down while the signed PDF is fetched (the adapter's own retry fails too). */
const yousignDown = (requestId: string) => {
  for (let i = 0; i < 2; i++) yousign.failNext('GET', signedDocumentOf(requestId), 503);
};

describe('Yousign events through the inbox', () => {
  it('handles again, on Yousign’s redelivery, an event whose handling failed', async () => {
    const contract = await signedContract();
    yousignDown(contract.requestId);

    const failed = await contract.deliver();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ error: { code: 'provider_event_failed' } });
    expect((await steps(contract.user, contract.bookingId)).contract.state).toBe('todo');
    const [stored] = await storedEvent(contract.eventId);
    expect(stored).toMatchObject({ processed_at: null, attempts: 1 });
    expect(stored!.last_error).toMatch(/503/);
    expect(stored!.next_attempt_at!.getTime()).toBeGreaterThan(Date.now());

    const redelivered = await contract.deliver();
    expect(redelivered.statusCode).toBe(200);
    expect(redelivered.json()).toEqual({ received: true, duplicate: false, outcome: 'handled' });
    expect((await steps(contract.user, contract.bookingId)).contract.state).toBe('done');
    expect((await storedEvent(contract.eventId))[0]).toMatchObject({
      attempts: 2,
      last_error: null,
    });
    expect((await storedEvent(contract.eventId))[0]!.processed_at).toBeInstanceOf(Date);

    const again = await contract.deliver();
    expect(again.json()).toEqual({ received: true, duplicate: true, outcome: 'duplicate' });
  });

  it('retries a failed event in the periodic job once its backoff has passed', async () => {
    const contract = await signedContract();
    yousignDown(contract.requestId);
    expect((await contract.deliver()).statusCode).toBe(503);
    const downloadsAfterFailure = contract.downloads();

    // Not due yet: the job leaves it.
    await retryProviderEvents(ctx.app, webhookSources(ctx.app));
    expect(contract.downloads()).toBe(downloadsAfterFailure);

    await makeDue(contract.eventId);
    await retryProviderEvents(ctx.app, webhookSources(ctx.app));
    expect((await steps(contract.user, contract.bookingId)).contract.state).toBe('done');
    expect((await storedEvent(contract.eventId))[0]!.processed_at).toBeInstanceOf(Date);
    // The provider's late redelivery is then a duplicate.
    expect((await contract.deliver()).json()).toMatchObject({ duplicate: true });
  });

  it('refuses a bad signature with 400 and stores nothing', async () => {
    const contract = await signedContract();
    const forged = yousign.buildWebhook('signature_request.done', contract.requestId, {
      secret: 'someone-else',
    });
    const answer = await contract.deliver(forged.rawBody, forged.headers);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    const forgedId = (JSON.parse(forged.rawBody.toString()) as { event_id: string }).event_id;
    expect(await storedEvent(forgedId)).toEqual([]);
    expect((await steps(contract.user, contract.bookingId)).contract.state).toBe('todo');
  });

  it('handles concurrent deliveries of one event once', async () => {
    const contract = await signedContract();
    const answers = await Promise.all([contract.deliver(), contract.deliver(), contract.deliver()]);
    const outcomes = answers.map((a) =>
      a.statusCode === 200 ? a.json<{ outcome: string }>().outcome : String(a.statusCode),
    );
    expect(outcomes.filter((o) => o === 'handled')).toHaveLength(1);
    expect(
      outcomes.filter((o) => o !== 'handled').every((o) => ['duplicate', '409'].includes(o)),
    ).toBe(true);
    expect(contract.downloads()).toBe(1);
    expect((await steps(contract.user, contract.bookingId)).contract.state).toBe('done');
    expect(await storedEvent(contract.eventId)).toHaveLength(1);
  });

  it('stops retrying after a bounded number of attempts, keeping the last error', async () => {
    const contract = await signedContract();
    yousignDown(contract.requestId);
    expect((await contract.deliver()).statusCode).toBe(503);
    await ctx.db.query(`update provider_events set attempts = 10 where event_id = $1`, [
      contract.eventId,
    ]);
    await makeDue(contract.eventId);
    const before = contract.downloads();
    await retryProviderEvents(ctx.app, webhookSources(ctx.app));
    expect(contract.downloads()).toBe(before);
    expect((await storedEvent(contract.eventId))[0]).toMatchObject({ processed_at: null });
    expect((await storedEvent(contract.eventId))[0]!.last_error).toMatch(/503/);
  });
});

// --- Stripe Identity --------------------------------------------------------------------------

/** A check the customer completed on Stripe's page; Stripe's event about it, to deliver. */
async function verifiedIdentity() {
  const user = await signUpUser(ctx);
  const bookingId = await paidBooking(user);
  const started = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${bookingId}/identity/session`,
    headers: headers(user.cookie),
  });
  expect(started.statusCode, started.body).toBe(200);
  const sessionId = [...stripe.verificationSessions.keys()].at(-1)!;
  stripe.completeIdentity(sessionId, {
    verified: { firstName: 'Alice', lastName: 'Martin', dob: { day: 7, month: 4, year: 1990 } },
  });
  const event = stripe.events.at(-1)!;
  const deliver = (secret = IDENTITY_SECRET) => {
    const signed = stripe.signedWebhook(event, secret);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe-identity',
      headers: { ...signed.headers, 'content-type': 'application/json' },
      payload: signed.payload,
    });
  };
  const reads = () =>
    stripe.requestsTo('GET', `/v1/identity/verification_sessions/${sessionId}`).length;
  const stripeDown = () =>
    stripe.failNext('GET', `/v1/identity/verification_sessions/${sessionId}`, 503);
  return { user, bookingId, event, deliver, reads, stripeDown };
}

describe('Stripe Identity events through the inbox', () => {
  it('handles again, on Stripe’s redelivery, an event whose handling failed', async () => {
    const check = await verifiedIdentity();
    check.stripeDown();
    const failed = await check.deliver();
    expect(failed.statusCode).toBe(503);
    expect((await steps(check.user, check.bookingId)).identity.state).toBe('todo');
    const [stored] = await storedEvent(check.event.id);
    expect(stored).toMatchObject({ processed_at: null, attempts: 1 });
    expect(stored!.last_error).toBeTruthy();

    const redelivered = await check.deliver();
    expect(redelivered.json()).toEqual({ received: true, duplicate: false, outcome: 'handled' });
    expect((await steps(check.user, check.bookingId)).identity.state).toBe('done');
    expect((await check.deliver()).json()).toMatchObject({ duplicate: true });
  });

  it('retries a failed event in the periodic job', async () => {
    const check = await verifiedIdentity();
    check.stripeDown();
    expect((await check.deliver()).statusCode).toBe(503);
    await makeDue(check.event.id);
    await retryProviderEvents(ctx.app, webhookSources(ctx.app));
    expect((await steps(check.user, check.bookingId)).identity.state).toBe('done');
    expect((await storedEvent(check.event.id))[0]!.processed_at).toBeInstanceOf(Date);
  });

  it('refuses a bad signature with 400 and stores nothing', async () => {
    const check = await verifiedIdentity();
    const forged = await check.deliver('whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(await storedEvent(check.event.id)).toEqual([]);
    expect(check.reads()).toBe(0);
  });

  it('handles concurrent deliveries of one event once', async () => {
    const check = await verifiedIdentity();
    const answers = await Promise.all([check.deliver(), check.deliver()]);
    const handled = answers.filter(
      (a) => a.statusCode === 200 && a.json<{ outcome: string }>().outcome === 'handled',
    );
    expect(handled).toHaveLength(1);
    expect(check.reads()).toBe(1);
    expect((await steps(check.user, check.bookingId)).identity.state).toBe('done');
  });
});
