import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let camille: SignedInUser;
let denis: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  camille = await signUpUser(ctx, 'camille@example.fr');
  denis = await signUpUser(ctx, 'denis@example.fr');
});
afterAll(() => ctx.close());

const DRIVER = {
  firstName: 'Camille',
  lastName: 'Roussel',
  dateOfBirth: '1984-02-20',
  licenseNumber: '09XY87654',
  licenseIssueDate: '2003-09-15',
  licenseCountry: 'BE',
  email: 'camille.roussel@example.fr',
  phone: '+33 6 98 76 54 32',
  address: '18 quai des Chartrons',
  city: 'Bordeaux',
  postalCode: '33000',
  country: 'FR',
};

let day = 60;
function startPayment(user: SignedInUser, extra: Record<string, unknown>) {
  const start = new Date(Date.now() + day * 86_400_000);
  start.setUTCHours(9, 0, 0, 0);
  day += 5;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: {
      cookie: user.cookie,
      'idempotency-key': crypto.randomUUID(),
      origin: ctx.config.site.publicUrl,
    },
    payload: {
      vehicleSlug: 'audi-a4',
      start: start.toISOString(),
      end: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
      deliveryAddress: '10 rue de Rivoli, 75001 Paris',
      driver: DRIVER,
      acceptTerms: true,
      ...extra,
    },
  });
}

const profileOf = async (user: SignedInUser) =>
  (await ctx.app.inject({ url: '/api/v1/me/profile', headers: { cookie: user.cookie } })).json<
    Record<string, unknown>
  >();

describe('the driver of a checkout kept in the profile', () => {
  it('fills the profile, licence included, when the customer asks for it', async () => {
    expect((await startPayment(camille, { saveDriverToProfile: true })).statusCode).toBe(201);
    expect(await profileOf(camille)).toMatchObject({
      email: 'camille@example.fr',
      firstName: 'Camille',
      lastName: 'Roussel',
      dateOfBirth: '1984-02-20',
      phone: '+33 6 98 76 54 32',
      address: '18 quai des Chartrons',
      city: 'Bordeaux',
      postalCode: '33000',
      country: 'FR',
      licenseNumber: '09XY87654',
      licenseIssueDate: '2003-09-15',
      licenseCountry: 'BE',
    });
  });

  it('leaves the profile as it was when the customer does not ask', async () => {
    expect((await startPayment(denis, {})).statusCode).toBe(201);
    expect(await profileOf(denis)).toMatchObject({
      firstName: null,
      licenseNumber: null,
    });
  });

  it('keeps the recorded country for a residence outside the listed ones', async () => {
    await startPayment(denis, {
      saveDriverToProfile: true,
      driver: { ...DRIVER, firstName: 'Denis', country: 'Other' },
    });
    expect(await profileOf(denis)).toMatchObject({ firstName: 'Denis', country: 'FR' });
  });

  it('shows the customer’s name in the administrators’ users list', async () => {
    const cookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
    const users = await ctx.app.inject({ url: '/api/v1/admin/users', headers: { cookie } });
    expect(JSON.stringify(users.json())).toContain('Roussel');
  });
});
