import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser } from '../helpers/auth';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
});
afterAll(() => ctx.close());

const { paidBooking, headers } = rentalSteps(
  // The context exists once beforeAll has run; the helpers read it when called.
  new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
  () => adminCookie,
);

/** The same id, its letters alternately in capitals, a different way each time. */
const spelling = (id: string, variant: number) =>
  [...id].map((char, index) => ((index + variant) % 3 === 0 ? char.toUpperCase() : char)).join('');

describe('a booking id written in capitals', () => {
  it('counts towards the same 5 signing-code mails as the id in lower case', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    const statuses: number[] = [];
    for (const written of [
      bookingId,
      bookingId.toUpperCase(),
      spelling(bookingId, 0),
      spelling(bookingId, 1),
      spelling(bookingId, 2),
      bookingId.toUpperCase(),
      bookingId,
    ]) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/bookings/${written}/contract/code`,
        headers: headers(user.cookie),
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const { rows } = await ctx.db.query<{ count: number }>(
      `select count(*)::int as count from email_outbox where to_address = $1 and template = 'contract-code'`,
      [user.email],
    );
    expect(rows[0]?.count).toBe(5);
  });

  it('opens the same booking as the id in lower case', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    const answer = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId.toUpperCase()}/steps`,
      headers: headers(user.cookie),
    });
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
