import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, findVehicleId } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let panameraId: string;

// A confirmed booking of the Panamera from 10 to 14 March 2027 (10:00 UTC), half-open.
beforeAll(async () => {
  ctx = await createTestApp();
  panameraId = await findVehicleId(ctx.db, 'porsche-panamera');
  await createBooking(ctx.db, {
    vehicleId: panameraId,
    start: '2027-03-10T10:00:00Z',
    end: '2027-03-14T10:00:00Z',
  });
});
afterAll(() => ctx.close());

const availability = async (start: string, end: string, slug = 'porsche-panamera') => {
  const response = await ctx.app.inject({
    url: `/api/v1/vehicles/${slug}/availability`,
    query: { start, end },
  });
  return response;
};

describe('GET /api/v1/vehicles/:slug/availability', () => {
  it.each([
    ['overlapping the start', '2027-03-08T10:00:00Z', '2027-03-11T10:00:00Z', false],
    ['inside the booking', '2027-03-11T10:00:00Z', '2027-03-12T10:00:00Z', false],
    ['covering the booking', '2027-03-01T10:00:00Z', '2027-03-20T10:00:00Z', false],
    ['ending exactly when it starts', '2027-03-08T10:00:00Z', '2027-03-10T10:00:00Z', true],
    ['starting exactly when it ends', '2027-03-14T10:00:00Z', '2027-03-16T10:00:00Z', true],
    ['disjoint', '2027-04-01T10:00:00Z', '2027-04-05T10:00:00Z', true],
  ])('answers for a period %s', async (_label, start, end, expected) => {
    const response = await availability(start, end);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ available: expected });
  });

  it('ignores a cancelled booking and a payment hold that has expired', async () => {
    await createBooking(ctx.db, {
      vehicleId: panameraId,
      start: '2027-05-01T10:00:00Z',
      end: '2027-05-03T10:00:00Z',
      status: 'cancelled',
    });
    const holdId = await createBooking(ctx.db, {
      vehicleId: panameraId,
      start: '2027-05-10T10:00:00Z',
      end: '2027-05-12T10:00:00Z',
      status: 'pending',
    });
    expect((await availability('2027-05-10T10:00:00Z', '2027-05-11T10:00:00Z')).json()).toEqual({
      available: false,
    });
    await ctx.db.query(
      `update bookings set hold_expires_at = now() - interval '1 minute' where id = $1`,
      [holdId],
    );
    expect((await availability('2027-05-01T10:00:00Z', '2027-05-02T10:00:00Z')).json()).toEqual({
      available: true,
    });
    expect((await availability('2027-05-10T10:00:00Z', '2027-05-11T10:00:00Z')).json()).toEqual({
      available: true,
    });
  });

  it('says unavailable for a car the operations team withdrew', async () => {
    await ctx.db.query(`update vehicles set is_available = false where slug = 'audi-a4'`);
    const response = await availability('2027-06-01T10:00:00Z', '2027-06-02T10:00:00Z', 'audi-a4');
    expect(response.json()).toEqual({ available: false });
    await ctx.db.query(`update vehicles set is_available = true where slug = 'audi-a4'`);
  });

  it.each([
    [
      'an end before the start',
      '2027-03-08T10:00:00Z',
      '2027-03-07T10:00:00Z',
      'end',
      'La date de fin doit être postérieure à la date de début.',
    ],
    [
      'a start in the past',
      '2020-01-01T10:00:00Z',
      '2020-01-03T10:00:00Z',
      'start',
      'La date de début ne peut pas être dans le passé.',
    ],
    [
      'an unparseable start',
      'demain',
      '2027-03-07T10:00:00Z',
      'start',
      'La date de début est invalide.',
    ],
    [
      'a rental longer than 90 days',
      '2027-01-01T10:00:00Z',
      '2027-06-01T10:00:00Z',
      'end',
      'La durée de location ne peut pas dépasser 90 jours.',
    ],
  ])('refuses %s with a clear 400', async (_label, start, end, field, message) => {
    const response = await availability(start, end);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_request', message, field } });
  });

  it('answers 404 for an unknown vehicle', async () => {
    const response = await availability(
      '2027-03-08T10:00:00Z',
      '2027-03-09T10:00:00Z',
      'batmobile',
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/v1/search', () => {
  it('lists only the vehicles free for the whole period', async () => {
    const response = await ctx.app.inject({
      url: '/api/v1/search',
      query: { start: '2027-03-11T10:00:00Z', end: '2027-03-12T10:00:00Z', category: 'Luxe' },
    });
    expect(response.statusCode).toBe(200);
    const { vehicles } = response.json<{ vehicles: { slug: string }[] }>();
    expect(vehicles.map((v) => v.slug)).not.toContain('porsche-panamera');
    expect(vehicles.map((v) => v.slug)).toContain('range-rover-sport');
  });

  it('includes the car again for a period that only touches its booking', async () => {
    const response = await ctx.app.inject({
      url: '/api/v1/search',
      query: { start: '2027-03-14T10:00:00Z', end: '2027-03-15T10:00:00Z' },
    });
    const { vehicles } = response.json<{ vehicles: { slug: string }[] }>();
    expect(vehicles).toHaveLength(13);
  });

  it('refuses a search without dates', async () => {
    const response = await ctx.app.inject('/api/v1/search');
    expect(response.statusCode).toBe(400);
  });

  interface SearchPage {
    vehicles: { slug: string; pricePerDayCents: number }[];
    nextCursor: string | null;
  }
  const searchPage = async (query: Record<string, string>) =>
    ctx.app.inject({
      url: '/api/v1/search',
      query: { start: '2027-03-11T10:00:00Z', end: '2027-03-12T10:00:00Z', ...query },
    });

  it('pages through the free vehicles in the catalogue order, each once', async () => {
    const all = (await searchPage({})).json<SearchPage>();
    expect(all.nextCursor).toBeNull();
    expect(all.vehicles).toHaveLength(12);

    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const response = await searchPage({ limit: '5', ...(after ? { after } : {}) });
      expect(response.statusCode).toBe(200);
      const page: SearchPage = response.json<SearchPage>();
      expect(page.vehicles.length).toBeLessThanOrEqual(5);
      seen.push(...page.vehicles.map((v) => v.slug));
      after = page.nextCursor;
      pages += 1;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.vehicles.map((v) => v.slug));
    expect(seen).not.toContain('porsche-panamera');
    const prices = all.vehicles.map((v) => v.pricePerDayCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it.each([
    ['a cursor that is not one', { after: 'not-a-cursor' }, 'after'],
    [
      'a cursor with a forged key',
      { after: Buffer.from('[1, "x", "1; drop table"]').toString('base64url') },
      'after',
    ],
    ['a page size out of bounds', { limit: '500' }, 'limit'],
  ])('refuses %s with a 400 naming the field', async (_label, query, field) => {
    const response = await searchPage(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { field: string; message: string } }>().error).toMatchObject({
      field,
      message: expect.stringMatching(/invalide/),
    });
  });
});

describe('GET /api/v1/vehicles with a period', () => {
  it('marks the vehicles booked during the period', async () => {
    const response = await ctx.app.inject({
      url: '/api/v1/vehicles',
      query: { category: 'Luxe', start: '2027-03-09T10:00:00Z', end: '2027-03-11T10:00:00Z' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ unavailableVehicleIds: string[] }>().unavailableVehicleIds).toEqual([
      panameraId,
    ]);
  });

  it('gives each car’s price for the period, started days counted whole', async () => {
    const response = await ctx.app.inject({
      url: '/api/v1/vehicles',
      query: { category: 'Luxe', start: '2027-04-01T10:00:00Z', end: '2027-04-03T12:00:00Z' },
    });
    const prices = response.json<{ periodPrices: Record<string, unknown> }>().periodPrices;
    expect(prices[panameraId]).toEqual({ days: 3, totalCents: 3 * 24_900 });

    const search = await ctx.app.inject({
      url: '/api/v1/search',
      query: { start: '2027-04-01T10:00:00Z', end: '2027-04-03T10:00:00Z', category: 'Luxe' },
    });
    expect(
      search.json<{ periodPrices: Record<string, unknown> }>().periodPrices[panameraId],
    ).toEqual({ days: 2, totalCents: 2 * 24_900 });
  });

  it('refuses a period whose end is before its start', async () => {
    const response = await ctx.app.inject({
      url: '/api/v1/vehicles',
      query: { start: '2027-03-09T10:00:00Z', end: '2027-03-01T10:00:00Z' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { field: string } }>().error.field).toBe('end');
  });
});
