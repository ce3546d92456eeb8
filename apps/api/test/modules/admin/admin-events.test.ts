import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn } from '../../helpers/auth';
import { createBooking, findVehicleId } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx?.close());

it('GET /api/v1/admin/events streams every booking change to an administrator', async () => {
  const vehicleId = await findVehicleId(ctx.db, 'audi-a4');
  const bookingId = await createBooking(ctx.db, {
    vehicleId,
    start: '2027-09-01T09:00:00Z',
    end: '2027-09-03T09:00:00Z',
  });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get(
      `${baseUrl}/api/v1/admin/events`,
      { headers: { cookie: adminCookie }, agent: false },
      resolve,
    ).on('error', reject);
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  response.setEncoding('utf8');
  const chunks = response[Symbol.asyncIterator]() as AsyncIterator<string>;
  let received = '';
  const readUntil = async (text: string) => {
    const deadline = setTimeout(() => response.destroy(new Error(`no ${text}`)), 5_000);
    try {
      while (!received.includes(text)) {
        const { value, done } = await chunks.next();
        if (done) throw new Error('the stream ended');
        received += value;
      }
    } finally {
      clearTimeout(deadline);
    }
  };
  await readUntil(': connected');

  const change = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/bookings/${bookingId}/status`,
    headers: {
      cookie: adminCookie,
      origin: ctx.config.site.publicUrl,
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ status: 'cancelled' }),
  });
  expect(change.statusCode).toBe(200);
  await readUntil(`"id":"${bookingId}"`);
  expect(received).toContain(
    `event: bookings\ndata: {"table":"bookings","op":"update","id":"${bookingId}"}`,
  );
  response.destroy();
});
