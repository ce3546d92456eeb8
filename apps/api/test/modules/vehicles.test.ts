import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '@vroum/core/catalogue';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/v1/vehicles', () => {
  it('lists the 13 seeded vehicles with their published prices and deposits', async () => {
    const response = await ctx.app.inject('/api/v1/vehicles');
    expect(response.statusCode).toBe(200);
    const { vehicles } = response.json<{
      vehicles: { slug: string; pricePerDayCents: number }[];
    }>();
    expect(vehicles).toHaveLength(13);
    const prices = Object.fromEntries(vehicles.map((v) => [v.slug, v.pricePerDayCents]));
    for (const entry of CATALOGUE) expect(prices[entry.slug]).toBe(entry.pricePerDayCents);
  });

  it('filters by category', async () => {
    const response = await ctx.app.inject('/api/v1/vehicles?category=Super%20Cars');
    const { vehicles } = response.json<{ vehicles: { name: string; isSupercar: boolean }[] }>();
    expect(vehicles.map((v) => v.name)).toEqual([
      'Lamborghini Urus',
      'McLaren 720S',
      'Ferrari F8 Spider',
    ]);
    expect(vehicles.every((v) => v.isSupercar)).toBe(true);
  });

  it('leaves out vehicles the operations team made unavailable', async () => {
    await ctx.db.query(`update vehicles set is_available = false where slug = 'peugeot-208'`);
    const response = await ctx.app.inject('/api/v1/vehicles?category=Standard');
    const { vehicles } = response.json<{ vehicles: { slug: string }[] }>();
    expect(vehicles.map((v) => v.slug)).not.toContain('peugeot-208');
    await ctx.db.query(`update vehicles set is_available = true where slug = 'peugeot-208'`);
  });

  it('answers an unknown category with a 400 naming the field, in French', async () => {
    const response = await ctx.app.inject('/api/v1/vehicles?category=Camions');
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; message: string; field: string } }>();
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.field).toBe('category');
    expect(body.error.message).toMatch(/^Option invalide/);
  });
});

describe('GET /api/v1/vehicles/:slug', () => {
  it('returns one vehicle with its features and specs', async () => {
    const response = await ctx.app.inject('/api/v1/vehicles/lamborghini-urus');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Lamborghini Urus',
      category: 'Super Cars',
      pricePerDayCents: 89900,
      depositCents: 800000,
      dailyKmLimit: 150,
      features: { unlimitedKm: false },
    });
  });

  it('answers an unknown slug with 404 and the SPEC message', async () => {
    const response = await ctx.app.inject('/api/v1/vehicles/batmobile');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'vehicle_not_found', message: 'Véhicule non trouvé' },
    });
  });
});
