import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidIdentityWebhook } from '../../../src/providers/identity/identity-provider';
import { StripeIdentity } from '../../../src/providers/identity/stripe-identity';
import { startStripeFake, type StripeFake } from '../../helpers/stripe-fake-server';

const WEBHOOK_SECRET = 'whsec_identity';

let fake: StripeFake;
let identity: StripeIdentity;
/** Talks to the fake directly, to check what it accepts the way Stripe would. */
let api: Stripe;

beforeAll(async () => {
  fake = await startStripeFake();
  identity = new StripeIdentity({
    secretKey: 'sk_test_identity',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.url,
  });
  const url = new URL(fake.url);
  api = new Stripe('sk_test_direct', {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => fake.close());

let counter = 0;
const checkId = () => `check-${++counter}`;

function startCheck(id = checkId()) {
  return identity.createSession({
    checkId: id,
    userId: 'user-1',
    bookingId: 'booking-1',
    returnUrl: 'https://vroum.test/reservations/booking-1',
  });
}

const ALICE = { firstName: 'Alice', lastName: 'Martin', dob: { day: 7, month: 4, year: 1990 } };

async function verifiedSession() {
  const session = await startCheck();
  fake.completeIdentity(session.id, { verified: ALICE });
  return session;
}

const sessionEvent = (sessionId: string, type: string) => {
  const event = fake.events.findLast(
    (e) => e.type === type && (e.data.object as { id?: string }).id === sessionId,
  );
  if (!event) throw new Error(`no ${type} event for ${sessionId}`);
  return event;
};

describe('StripeIdentity.createSession', () => {
  it('creates a document check with a matching selfie and live capture, and returns its hosted page', async () => {
    const id = checkId();
    const session = await startCheck(id);

    const [sent] = fake.requestsTo('POST', '/v1/identity/verification_sessions').slice(-1);
    expect(sent?.headers['idempotency-key']).toBe(`identity:${id}`);
    expect(sent?.headers.authorization).toBe('Bearer sk_test_identity');
    expect(sent?.params).toEqual({
      type: 'document',
      options: {
        document: {
          allowed_types: ['driving_license', 'id_card', 'passport'],
          require_matching_selfie: 'true',
          require_live_capture: 'true',
        },
      },
      metadata: { checkId: id, userId: 'user-1', bookingId: 'booking-1' },
      client_reference_id: id,
      return_url: 'https://vroum.test/reservations/booking-1',
    });

    expect(session).toEqual({
      id: expect.stringMatching(/^vs_/),
      status: 'requires_input',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/verify\/start\/test_/),
      lastError: null,
      verified: null,
      metadata: { checkId: id, userId: 'user-1', bookingId: 'booking-1' },
    });
    expect(fake.verificationSession(session.id)).toMatchObject({
      client_reference_id: id,
      options: { document: { require_matching_selfie: true, require_live_capture: true } },
    });
  });

  it('creates one session for the same check started twice, and reads its current state', async () => {
    const id = checkId();
    const before = fake.verificationSessions.size;
    const first = await startCheck(id);
    fake.completeIdentity(first.id, { verified: ALICE });

    const again = await startCheck(id);
    expect(again.id).toBe(first.id);
    expect(again.status).toBe('verified');
    expect(fake.verificationSessions.size).toBe(before + 1);
    const sent = fake
      .requestsTo('POST', '/v1/identity/verification_sessions')
      .filter((r) => r.headers['idempotency-key'] === `identity:${id}`);
    expect(sent.map((r) => r.replayed)).toEqual([false, true]);
  });
});

describe('StripeIdentity.retrieveSession', () => {
  it('reads the verified name and birth date', async () => {
    const session = await verifiedSession();

    expect(await identity.retrieveSession(session.id)).toMatchObject({
      id: session.id,
      status: 'verified',
      url: null,
      lastError: null,
      verified: { firstName: 'Alice', lastName: 'Martin', dateOfBirth: '1990-04-07' },
    });
    const [read] = fake.requestsTo('GET', `/v1/identity/verification_sessions/${session.id}`);
    expect(read?.params).toEqual({ expand: ['verified_outputs', 'verified_outputs.dob'] });
  });

  it('gives no birth date when the provider withholds it', async () => {
    const session = await verifiedSession();
    const outputs = fake.verificationSessions.get(session.id)!.verified_outputs as { dob: unknown };
    outputs.dob = null;

    expect((await identity.retrieveSession(session.id)).verified).toEqual({
      firstName: 'Alice',
      lastName: 'Martin',
      dateOfBirth: null,
    });
  });

  it('reports why the last attempt failed, with a new link to try again', async () => {
    const session = await startCheck();
    fake.completeIdentity(session.id, {
      error: { code: 'selfie_face_mismatch', reason: 'The selfie does not match the document.' },
    });

    const failed = await identity.retrieveSession(session.id);
    expect(failed).toMatchObject({
      status: 'requires_input',
      lastError: {
        code: 'selfie_face_mismatch',
        reason: 'The selfie does not match the document.',
      },
      verified: null,
    });
    expect(failed.url).toMatch(/\/verify\/start\/test_/);
    expect(failed.url).not.toBe(session.url);
  });
});

describe('StripeIdentity.redactSession', () => {
  it('redacts a verified session: its data and metadata are gone', async () => {
    const session = await verifiedSession();

    await identity.redactSession(session.id);
    expect(
      fake.requestsTo('POST', `/v1/identity/verification_sessions/${session.id}/redact`),
    ).toHaveLength(1);
    expect(fake.verificationSession(session.id, ['verified_outputs'])).toMatchObject({
      status: 'verified',
      redaction: { status: 'processing' },
      verified_outputs: null,
      metadata: {},
    });
    expect((await identity.retrieveSession(session.id)).verified).toBeNull();
  });

  it('accepts a session redacted already', async () => {
    const session = await verifiedSession();
    await identity.redactSession(session.id);
    fake.completeRedaction(session.id);

    await expect(identity.redactSession(session.id)).resolves.toBeUndefined();
    expect(sessionEvent(session.id, 'identity.verification_session.redacted')).toBeDefined();
  });

  it('cancels a session still waiting for input when it is redacted', async () => {
    const session = await startCheck();
    await identity.redactSession(session.id);
    expect(fake.verificationSession(session.id)).toMatchObject({
      status: 'canceled',
      url: null,
      client_secret: null,
    });
  });

  it('fails on a session still being processed', async () => {
    const session = await startCheck();
    fake.verificationSessions.get(session.id)!.status = 'processing';
    await expect(identity.redactSession(session.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});

describe('StripeIdentity.parseWebhook', () => {
  async function signedEvent(type = 'identity.verification_session.verified') {
    const session = await verifiedSession();
    const event = sessionEvent(session.id, type);
    return { session, event, ...fake.signedWebhook(event, WEBHOOK_SECRET) };
  }
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('the webhook was accepted');
  };

  it('accepts a signed session event and keeps only its ids', async () => {
    const { session, event, payload, headers } = await signedEvent();
    expect(identity.parseWebhook(Buffer.from(payload), headers['stripe-signature'])).toEqual({
      eventId: event.id,
      type: 'identity.verification_session.verified',
      sessionId: session.id,
    });
    // The verified data never travels in a webhook: the session is read again.
    expect(event.data.object).not.toHaveProperty('verified_outputs');
  });

  it('refuses a tampered body', async () => {
    const { payload, headers } = await signedEvent();
    const tampered = payload.replace('"verified"', '"canceled"');
    expect(
      refusal(() => identity.parseWebhook(Buffer.from(tampered), headers['stripe-signature'])),
    ).toBeInstanceOf(InvalidIdentityWebhook);
  });

  it('refuses a missing signature or one made with another secret', async () => {
    const { event, payload } = await signedEvent();
    expect(refusal(() => identity.parseWebhook(Buffer.from(payload), undefined))).toBeInstanceOf(
      InvalidIdentityWebhook,
    );
    const other = fake.signedWebhook(event, 'whsec_someone_else');
    expect(
      refusal(() =>
        identity.parseWebhook(Buffer.from(other.payload), other.headers['stripe-signature']),
      ),
    ).toBeInstanceOf(InvalidIdentityWebhook);
  });

  it('refuses a signature older than five minutes', async () => {
    const { event } = await signedEvent();
    const old = fake.signedWebhook(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301);
    expect(
      refusal(() =>
        identity.parseWebhook(Buffer.from(old.payload), old.headers['stripe-signature']),
      ),
    ).toBeInstanceOf(InvalidIdentityWebhook);
  });

  it('refuses a payment event, even signed', () => {
    const event = fake.buildEvent('payment_intent.succeeded', {
      id: 'pi_123',
      object: 'payment_intent',
    });
    const { payload, headers } = fake.signedWebhook(event, WEBHOOK_SECRET);
    const error = refusal(() =>
      identity.parseWebhook(Buffer.from(payload), headers['stripe-signature']),
    );
    expect(error).toBeInstanceOf(InvalidIdentityWebhook);
    expect((error as Error).message).toContain('payment_intent.succeeded');
  });
});

describe('the fake’s Identity endpoints', () => {
  it('refuses a session without a type, of an unknown type or with an unknown document', async () => {
    await expect(api.identity.verificationSessions.create({})).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'type',
    });
    await expect(
      api.identity.verificationSessions.create({ type: 'selfie' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'type' });
    await expect(
      api.identity.verificationSessions.create({
        type: 'document',
        options: { document: { allowed_types: ['passport', 'library_card'] } },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'options[document][allowed_types][1]',
    });
  });

  it('cancels a session waiting for input only', async () => {
    const waiting = await startCheck();
    const canceled = await api.identity.verificationSessions.cancel(waiting.id);
    expect(canceled).toMatchObject({ status: 'canceled', url: null, client_secret: null });
    expect(sessionEvent(waiting.id, 'identity.verification_session.canceled')).toBeDefined();

    const verified = await verifiedSession();
    await expect(api.identity.verificationSessions.cancel(verified.id)).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('sends a signed session event to a webhook endpoint', async () => {
    const received: Array<{ body: string; signature: string | undefined }> = [];
    const endpoint: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: req.headers['stripe-signature'] as string | undefined,
        });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = endpoint.address() as AddressInfo;
      const session = await verifiedSession();
      const event = sessionEvent(session.id, 'identity.verification_session.verified');

      const answer = await fake.sendWebhook(
        `http://127.0.0.1:${port}/webhooks`,
        event,
        WEBHOOK_SECRET,
      );
      expect(answer).toEqual({ status: 200, body: 'ok' });
      const [delivery] = received;
      expect(
        identity.parseWebhook(Buffer.from(delivery!.body), delivery!.signature).sessionId,
      ).toBe(session.id);
    } finally {
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    }
  });
});
