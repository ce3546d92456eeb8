import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueCache } from '../../src/modules/vehicles/catalogue-cache';
import { createBooking, findVehicleId } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { createRecordingLog } from '../providers/geocoding/provider-doubles';

const { log } = createRecordingLog();

/** A database whose NOTIFY the test sends itself, and a clock the test moves. */
function fakes() {
  let notify = () => {};
  let time = 1_000;
  return {
    db: {
      listen: async (_channel: string, onPayload: (payload: string) => void) => {
        notify = () => onPayload('bookings');
        return async () => {};
      },
    },
    notify: () => notify(),
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('catalogue cache', () => {
  it('keeps an answer for its moment, then asks again', async () => {
    const { db, now, advance } = fakes();
    const cache = await createCatalogueCache(db, { maxAgeMs: 2000, log, now });
    let reads = 0;
    const read = () => cache.read('search a', async () => ++reads);
    expect(await read()).toBe(1);
    advance(1999);
    expect(await read()).toBe(1);
    advance(1);
    expect(await read()).toBe(2);
    expect(await cache.read('search b', async () => 'b')).toBe('b');
  });

  it('drops every answer when a vehicle or a booking changes', async () => {
    const { db, notify, now } = fakes();
    const cache = await createCatalogueCache(db, { maxAgeMs: 60_000, log, now });
    let reads = 0;
    const read = () => cache.read('availability x', async () => ++reads);
    await read();
    notify();
    expect(await read()).toBe(2);
  });

  it('lets requests asking the same thing at once share one read, and keeps no failure', async () => {
    const { db, now } = fakes();
    const cache = await createCatalogueCache(db, { maxAgeMs: 60_000, log, now });
    let reads = 0;
    let fail = true;
    const compute = async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('database unreachable');
      return reads;
    };
    const failed = await Promise.allSettled([cache.read('k', compute), cache.read('k', compute)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(reads).toBe(1);
    fail = false;
    expect(await Promise.all([cache.read('k', compute), cache.read('k', compute)])).toEqual([2, 2]);
  });

  it('keeps nothing when its moment is 0', async () => {
    const { db, now } = fakes();
    const cache = await createCatalogueCache(db, { maxAgeMs: 0, log, now });
    let reads = 0;
    await cache.read('k', async () => ++reads);
    expect(await cache.read('k', async () => ++reads)).toBe(2);
  });
});

describe('availability answers kept by the API (CATALOGUE_CACHE_MS)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CATALOGUE_CACHE_MS: '60000' });
  });
  afterAll(() => ctx.close());

  const period = { start: '2027-05-10T10:00:00.000Z', end: '2027-05-12T10:00:00.000Z' };
  const available = async () =>
    (
      await ctx.app.inject({ url: '/api/v1/vehicles/porsche-panamera/availability', query: period })
    ).json<{ available: boolean }>().available;
  const searchSlugs = async () =>
    (await ctx.app.inject({ url: '/api/v1/search', query: period }))
      .json<{ vehicles: { slug: string }[] }>()
      .vehicles.map((vehicle) => vehicle.slug);

  it('follows a booking written straight into the database, on either engine', async () => {
    expect(await available()).toBe(true);
    expect(await searchSlugs()).toContain('porsche-panamera');
    await createBooking(ctx.db, {
      vehicleId: await findVehicleId(ctx.db, 'porsche-panamera'),
      ...period,
    });
    // PGlite announces the change before the insert returns; a PostgreSQL server a moment later.
    await expect.poll(available, { timeout: 2000 }).toBe(false);
    await expect.poll(searchSlugs, { timeout: 2000 }).not.toContain('porsche-panamera');
  });

  it('is told of every statement on the vehicles, the bookings and the reviews', async () => {
    const tables: string[] = [];
    const stop = await ctx.db.listen('catalogue_changes', (table) => tables.push(table));
    await ctx.db.query(`update vehicles set updated_at = now() where slug = 'audi-a4'`);
    await ctx.db.query(`update bookings set updated_at = now() where false`);
    await ctx.db.query(`update reviews set is_published = is_published where false`);
    await expect
      .poll(() => tables.toSorted(), { timeout: 2000 })
      .toEqual(['bookings', 'reviews', 'vehicles']);
    await stop();
  });

  it('follows a vehicle taken out of the catalogue', async () => {
    const other = { start: '2027-06-10T10:00:00.000Z', end: '2027-06-12T10:00:00.000Z' };
    const slugs = async () =>
      (await ctx.app.inject({ url: '/api/v1/search', query: other }))
        .json<{ vehicles: { slug: string }[] }>()
        .vehicles.map((vehicle) => vehicle.slug);
    expect(await slugs()).toContain('audi-a4');
    await ctx.db.query(`update vehicles set is_available = false where slug = 'audi-a4'`);
    await expect.poll(slugs, { timeout: 2000 }).not.toContain('audi-a4');
  });
});
