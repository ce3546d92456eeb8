import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { findVehicleId } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let alice: SignedInUser;
let bruno: SignedInUser;
let panamera: string;
let urus: string;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUpUser(ctx, 'alice@example.fr');
  bruno = await signUpUser(ctx, 'bruno@example.fr');
  panamera = await findVehicleId(ctx.db, 'porsche-panamera');
  urus = await findVehicleId(ctx.db, 'lamborghini-urus');
});
afterAll(() => ctx.close());

const UNKNOWN_VEHICLE = '00000000-0000-4000-8000-000000000000';

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, user?: SignedInUser) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      origin: ctx.config.site.publicUrl,
      ...(user ? { cookie: user.cookie } : {}),
    },
  });
}

async function favoritesOf(user: SignedInUser): Promise<string[]> {
  const response = await call('GET', '/api/v1/me/favorites', user);
  expect(response.statusCode).toBe(200);
  return response.json<{ vehicleIds: string[] }>().vehicleIds;
}

describe('favourites of the signed-in user', () => {
  it('refuses an anonymous caller with 401 on every endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/me/favorites'],
      ['PUT', `/api/v1/me/favorites/${panamera}`],
      ['DELETE', `/api/v1/me/favorites/${panamera}`],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'unauthenticated', message: 'Vous devez être connecté.' },
      });
    }
  });

  it('starts empty, adds a vehicle once however often it is added, newest first', async () => {
    expect(await favoritesOf(alice)).toEqual([]);
    expect((await call('PUT', `/api/v1/me/favorites/${panamera}`, alice)).statusCode).toBe(204);
    expect((await call('PUT', `/api/v1/me/favorites/${panamera}`, alice)).statusCode).toBe(204);
    expect((await call('PUT', `/api/v1/me/favorites/${urus}`, alice)).statusCode).toBe(204);
    expect(await favoritesOf(alice)).toEqual([urus, panamera]);
  });

  it('removes a vehicle, and removing it again changes nothing', async () => {
    expect((await call('DELETE', `/api/v1/me/favorites/${urus}`, alice)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/me/favorites/${urus}`, alice)).statusCode).toBe(204);
    expect(await favoritesOf(alice)).toEqual([panamera]);
  });

  it('answers 404 "Véhicule non trouvé" for a vehicle that does not exist', async () => {
    const response = await call('PUT', `/api/v1/me/favorites/${UNKNOWN_VEHICLE}`, alice);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'vehicle_not_found', message: 'Véhicule non trouvé' },
    });
  });

  it('answers 400 naming the field for an id that is not one', async () => {
    const response = await call('PUT', '/api/v1/me/favorites/porsche-panamera', alice);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: 'Identifiant de véhicule invalide.',
        field: 'vehicleId',
      },
    });
  });

  it('keeps each user’s favourites apart: one never reads nor removes another’s', async () => {
    await call('PUT', `/api/v1/me/favorites/${urus}`, bruno);
    expect(await favoritesOf(alice)).toEqual([panamera]);
    expect(await favoritesOf(bruno)).toEqual([urus]);

    // Alice removing the car Bruno likes only ever touches her own list.
    await call('DELETE', `/api/v1/me/favorites/${urus}`, alice);
    await call('PUT', `/api/v1/me/favorites/${panamera}`, bruno);
    await call('DELETE', `/api/v1/me/favorites/${panamera}`, alice);
    expect(await favoritesOf(alice)).toEqual([]);
    expect(await favoritesOf(bruno)).toEqual([panamera, urus]);
  });

  it('refuses a change requested from another site with 403', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/me/favorites/${urus}`,
      headers: { origin: 'https://evil.example', cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(await favoritesOf(alice)).toEqual([]);
  });
});
