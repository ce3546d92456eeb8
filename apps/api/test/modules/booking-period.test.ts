import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let user: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  user = await signUpUser(ctx, 'periode.inverse@example.fr');
});
afterAll(() => ctx.close());

const day = (offset: number) => {
  const date = new Date(Date.now() + offset * 86_400_000);
  date.setUTCHours(9, 0, 0, 0);
  return date.toISOString();
};

const rental = (dates: { start: string; end: string }) => ({
  vehicleSlug: 'porsche-panamera',
  ...dates,
  deliveryAddress: '10 rue de Rivoli, 75001 Paris',
  protection: 'complete',
  driver: {
    firstName: 'Alice',
    lastName: 'Durand',
    dateOfBirth: '1980-05-01',
    licenseNumber: '12AB34567',
    licenseIssueDate: '2000-06-01',
    licenseCountry: 'FR',
    email: 'periode.inverse@example.fr',
    phone: '+33 6 12 34 56 78',
    address: '4 place Bellecour',
    city: 'Lyon',
    postalCode: '69002',
    country: 'FR',
  },
  acceptTerms: true,
});

const post = (url: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      cookie: user.cookie,
      origin: ctx.config.site.publicUrl,
      'idempotency-key': crypto.randomUUID(),
    },
    payload: payload as Record<string, unknown>,
  });

describe('a rental period whose end is not after its start', () => {
  const reversed = { start: day(45), end: day(42) };
  const expected = {
    error: {
      code: 'invalid_request',
      message: 'La date de fin doit être postérieure à la date de début.',
      field: 'end',
    },
  };

  it('is refused by the quote with a French 400 naming the end', async () => {
    const response = await post('/api/v1/quotes', rental(reversed));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(expected);
  });

  it('is refused by the payment start with the same French 400, not a server error', async () => {
    const response = await post('/api/v1/bookings', rental(reversed));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(expected);
    const { rows } = await ctx.db.query('select id from bookings where user_id = $1', [user.id]);
    expect(rows).toEqual([]);
  });

  it('is refused by the payment start when the end equals the start', async () => {
    const response = await post('/api/v1/bookings', rental({ start: day(50), end: day(50) }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(expected);
  });
});
