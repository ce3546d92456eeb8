import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { createBooking, findVehicleId } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let alice: SignedInUser;
let bruno: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUpUser(ctx, 'alice@example.fr');
  bruno = await signUpUser(ctx, 'bruno@example.fr');
});
afterAll(() => ctx.close());

const validProfile = {
  firstName: 'Alice',
  lastName: 'Durand',
  phone: '+33 6 12 34 56 78',
  dateOfBirth: '1988-04-12',
  address: '4 place Bellecour',
  city: 'Lyon',
  postalCode: '69002',
  country: 'FR',
};

describe('GET /api/v1/me/profile', () => {
  it('refuses an anonymous caller with 401', async () => {
    const response = await ctx.app.inject('/api/v1/me/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Vous devez être connecté.' },
    });
  });

  it('gives a new account its own profile, pending validation', async () => {
    const response = await ctx.app.inject({
      url: '/api/v1/me/profile',
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userId: alice.id,
      email: 'alice@example.fr',
      accountStatus: 'pending',
      firstName: null,
    });
  });
});

describe('PUT /api/v1/me/profile', () => {
  it('saves every field of the form', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/me/profile',
      headers: { cookie: alice.cookie },
      payload: validProfile,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...validProfile, userId: alice.id });
  });

  it('answers a missing field with a 400 naming it, in French', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/me/profile',
      headers: { cookie: alice.cookie },
      payload: { ...validProfile, city: '  ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_request', message: 'La ville est obligatoire.', field: 'city' },
    });
  });

  it('only ever changes the caller’s own profile', async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/me/profile',
      headers: { cookie: bruno.cookie },
      payload: { ...validProfile, firstName: 'Bruno', userId: alice.id },
    });
    const aliceProfile = await ctx.app.inject({
      url: '/api/v1/me/profile',
      headers: { cookie: alice.cookie },
    });
    expect(aliceProfile.json()).toMatchObject({ firstName: 'Alice' });
  });
});

describe('GET /api/v1/me/bookings', () => {
  it('lists only the caller’s bookings, with their short reference', async () => {
    const vehicleId = await findVehicleId(ctx.db);
    const aliceBooking = await createBooking(ctx.db, {
      userId: alice.id,
      vehicleId,
      start: '2027-09-01T10:00:00Z',
      end: '2027-09-03T10:00:00Z',
    });
    await createBooking(ctx.db, {
      userId: bruno.id,
      vehicleId,
      start: '2027-10-01T10:00:00Z',
      end: '2027-10-03T10:00:00Z',
    });
    const response = await ctx.app.inject({
      url: '/api/v1/me/bookings',
      headers: { cookie: alice.cookie },
    });
    const { bookings } = response.json<{ bookings: { id: string; reference: string }[] }>();
    expect(bookings).toEqual([
      expect.objectContaining({
        id: aliceBooking,
        reference: aliceBooking.slice(0, 8).toUpperCase(),
      }),
    ]);
  });
});
