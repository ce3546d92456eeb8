import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { createBooking, findVehicleId } from '../helpers/factories';
import { startStripeFake, type StripeFake } from '../helpers/stripe-fake-server';
import { createTestApp, type TestContext } from '../helpers/test-app';

const SECRET = 'whsec_identity_app';
let ctx: TestContext;
let fake: StripeFake;
let daySeed = 20;

beforeAll(async () => {
  fake = await startStripeFake();
  ctx = await createTestApp({
    IDENTITY_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_identity_app',
    STRIPE_IDENTITY_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: fake.url,
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const headers = (cookie: string) => ({ cookie, origin: ctx.config.site.publicUrl });

async function paidBooking(user: SignedInUser, lastName = 'Martin') {
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
    JSON.stringify({
      firstName: 'Alice',
      lastName,
      dateOfBirth: '1990-04-07',
      licenseIssueDate: '2010-01-01',
    }),
  ]);
  return id;
}

async function startSession(user: SignedInUser, bookingId: string) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${bookingId}/identity/session`,
    headers: headers(user.cookie),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const sessionId = [...fake.verificationSessions.keys()].at(-1)!;
  return { redirectUrl: answer.json<{ redirectUrl: string }>().redirectUrl, sessionId };
}

function deliver(event: object, secret = SECRET) {
  const { payload, headers: signed } = fake.signedWebhook(event, secret);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe-identity',
    headers: { ...signed, 'content-type': 'application/json' },
    payload,
  });
}

const lastEvent = () => fake.events.at(-1)!;
const steps = async (user: SignedInUser, bookingId: string) =>
  (
    await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}/steps`,
      headers: headers(user.cookie),
    })
  ).json<{ identity: { state: string; provider: string } }>().identity;

describe('Stripe Identity', () => {
  it('sends the customer to the hosted page and validates on the verified event', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    const { redirectUrl, sessionId } = await startSession(user, bookingId);
    expect(redirectUrl).toMatch(/^http/);
    fake.completeIdentity(sessionId, {
      verified: { firstName: 'Alice', lastName: 'Martin', dob: { day: 7, month: 4, year: 1990 } },
    });
    const answer = await deliver(lastEvent());
    expect(answer.json()).toMatchObject({ received: true, outcome: 'handled' });
    expect(await steps(user, bookingId)).toMatchObject({ state: 'done', provider: 'stripe' });
  });

  it('sends a verified identity whose name differs from the driver to the team', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user, 'Durand');
    const { sessionId } = await startSession(user, bookingId);
    fake.completeIdentity(sessionId, {
      verified: { firstName: 'Alice', lastName: 'Martin', dob: { day: 7, month: 4, year: 1990 } },
    });
    await deliver(lastEvent());
    expect(await steps(user, bookingId)).toMatchObject({ state: 'in_review' });
  });

  it('changes nothing on a badly signed event, and handles a replayed one once', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    const { sessionId } = await startSession(user, bookingId);
    fake.completeIdentity(sessionId, {
      verified: { firstName: 'Alice', lastName: 'Martin', dob: { day: 7, month: 4, year: 1990 } },
    });
    const event = lastEvent();
    const forged = await deliver(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(await steps(user, bookingId)).toMatchObject({ state: 'todo' });
    expect((await deliver(event)).json()).toMatchObject({ outcome: 'handled' });
    expect((await deliver(event)).json()).toMatchObject({ outcome: 'duplicate' });
  });

  it('shows the reason of a failed attempt and lets the customer try again', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    const { sessionId } = await startSession(user, bookingId);
    fake.completeIdentity(sessionId, {
      error: { code: 'document_expired', reason: 'Le document est expiré.' },
    });
    await deliver(lastEvent());
    expect(await steps(user, bookingId)).toMatchObject({ state: 'refused' });
    const again = await startSession(user, bookingId);
    expect(again.sessionId).not.toBe(sessionId);
  });
});
