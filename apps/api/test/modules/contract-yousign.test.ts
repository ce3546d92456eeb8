import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { createBooking, findVehicleId } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { startYousignFakeServer, type YousignFake } from '../helpers/yousign-fake-server';

const SECRET = 'yousign-webhook-secret';
let ctx: TestContext;
let fake: YousignFake;
let daySeed = 20;

beforeAll(async () => {
  fake = await startYousignFakeServer();
  ctx = await createTestApp({
    SIGNATURE_PROVIDER: 'yousign',
    YOUSIGN_API_KEY: fake.apiKey,
    YOUSIGN_WEBHOOK_SECRET: SECRET,
    YOUSIGN_API_URL: fake.url,
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
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

async function sendToYousign(user: SignedInUser, bookingId: string) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${bookingId}/contract/hosted`,
    headers: headers(user.cookie),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const requestId = [...fake.signatureRequests.keys()].at(-1)!;
  return { view: answer.json<{ signingUrl: string; status: string }>(), requestId };
}

function deliver(
  eventName: string,
  requestId: string,
  options: { secret?: string; tamper?: boolean } = {},
) {
  const { rawBody, headers: signed } = fake.buildWebhook(eventName, requestId, {
    secret: options.secret ?? SECRET,
    tamper: options.tamper,
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/yousign',
    headers: { ...signed, 'content-type': 'application/json' },
    payload: rawBody,
  });
}

const contractStep = async (user: SignedInUser, bookingId: string) =>
  (
    await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}/steps`,
      headers: headers(user.cookie),
    })
  ).json<{ contract: { state: string; provider: string } }>().contract;

describe('Yousign', () => {
  it('sends the contract once, and records the signed PDF when the request is done', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    const { view, requestId } = await sendToYousign(user, bookingId);
    expect(view).toMatchObject({ status: 'sent' });
    expect(view.signingUrl).toMatch(/^http/);
    // Asked again, the same request is reused.
    await sendToYousign(user, bookingId);
    expect(fake.signatureRequests.size).toBe(1);

    fake.signAll(requestId);
    expect((await deliver('signature_request.done', requestId)).json()).toMatchObject({
      outcome: 'handled',
    });
    expect(await contractStep(user, bookingId)).toMatchObject({
      state: 'done',
      provider: 'yousign',
    });
    const pdf = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}/contract/document?signed=true`,
      headers: headers(user.cookie),
    });
    const contract = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}/contract`,
      headers: headers(user.cookie),
    });
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(
      contract.json().signedSha256,
    );
  });

  it('changes nothing on a tampered or wrongly signed webhook, and a replay is handled once', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    const { requestId } = await sendToYousign(user, bookingId);
    fake.signAll(requestId);
    expect((await deliver('signature_request.done', requestId, { tamper: true })).statusCode).toBe(
      400,
    );
    expect(
      (await deliver('signature_request.done', requestId, { secret: 'other' })).statusCode,
    ).toBe(400);
    expect(await contractStep(user, bookingId)).toMatchObject({ state: 'todo' });
    const { rawBody, headers: signed } = fake.buildWebhook('signature_request.done', requestId, {
      secret: SECRET,
    });
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/yousign',
        headers: { ...signed, 'content-type': 'application/json' },
        payload: rawBody,
      });
    expect((await send()).json()).toMatchObject({ outcome: 'handled' });
    expect((await send()).json()).toMatchObject({ outcome: 'duplicate' });
  });
});
