import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { seedAdmin, seedCatalogue } from '../../src/db/seed';
import { createBooking, findVehicleId } from '../helpers/factories';
import { createTestDatabase } from '../helpers/test-app';

let db: Database;
let drop: () => Promise<void>;
let vehicleId: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await seedCatalogue(db);
  vehicleId = await findVehicleId(db);
});
afterAll(() => drop());

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}

describe('bookings exclusion constraint', () => {
  it('refuses a second booking of the same car that overlaps the first', async () => {
    await createBooking(db, {
      vehicleId,
      start: '2027-03-01T10:00:00Z',
      end: '2027-03-05T10:00:00Z',
    });
    const overlapping = createBooking(db, {
      vehicleId,
      start: '2027-03-04T10:00:00Z',
      end: '2027-03-08T10:00:00Z',
    });
    await expect(overlapping).rejects.toSatisfy((error) => errorCode(error) === '23P01');
  });

  it('refuses an overlap with a pending booking (a payment hold)', async () => {
    await createBooking(db, {
      vehicleId,
      start: '2027-04-01T10:00:00Z',
      end: '2027-04-03T10:00:00Z',
      status: 'pending',
    });
    await expect(
      createBooking(db, { vehicleId, start: '2027-04-02T10:00:00Z', end: '2027-04-04T10:00:00Z' }),
    ).rejects.toSatisfy((error) => errorCode(error) === '23P01');
  });

  it('accepts a booking that starts exactly when the previous one ends', async () => {
    await createBooking(db, {
      vehicleId,
      start: '2027-05-01T10:00:00Z',
      end: '2027-05-03T10:00:00Z',
    });
    await expect(
      createBooking(db, { vehicleId, start: '2027-05-03T10:00:00Z', end: '2027-05-06T10:00:00Z' }),
    ).resolves.toBeTypeOf('string');
  });

  it('lets a cancelled booking free its period', async () => {
    await createBooking(db, {
      vehicleId,
      start: '2027-06-01T10:00:00Z',
      end: '2027-06-03T10:00:00Z',
      status: 'cancelled',
    });
    await expect(
      createBooking(db, { vehicleId, start: '2027-06-01T10:00:00Z', end: '2027-06-03T10:00:00Z' }),
    ).resolves.toBeTypeOf('string');
  });

  it('accepts overlapping periods on two different cars', async () => {
    const other = await findVehicleId(db, 'toyota-yaris');
    await createBooking(db, {
      vehicleId,
      start: '2027-07-01T10:00:00Z',
      end: '2027-07-05T10:00:00Z',
    });
    await expect(
      createBooking(db, {
        vehicleId: other,
        start: '2027-07-01T10:00:00Z',
        end: '2027-07-05T10:00:00Z',
      }),
    ).resolves.toBeTypeOf('string');
  });

  it('refuses a period that ends before it starts', async () => {
    await expect(
      createBooking(db, { vehicleId, start: '2027-08-05T10:00:00Z', end: '2027-08-01T10:00:00Z' }),
    ).rejects.toSatisfy((error) => ['23514', '22000'].includes(errorCode(error) ?? ''));
  });
});

describe('migrations and seed', () => {
  it('applies nothing the second time', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('gives a Super Car stored without a daily kilometre limit the default of 200', async () => {
    await db.query(
      `insert into vehicles (slug, name, category, is_supercar, image_url, price_per_day_cents,
                             deposit_cents, features)
       values ('supercar-sans-limite', 'Supercar sans limite', 'Super Cars', true, '/car.svg',
               150000, 1000000, '{"unlimitedKm": true}')`,
    );
    const sql = await readFile(
      new URL('../../src/db/migrations/0019_supercar_km_limit.sql', import.meta.url),
      'utf8',
    );
    await db.query(sql);
    const { rows } = await db.query<{ limit: number; unlimited: boolean }>(
      `select daily_km_limit as limit, (features->>'unlimitedKm')::boolean as unlimited
         from vehicles where slug = 'supercar-sans-limite'`,
    );
    expect(rows).toEqual([{ limit: 200, unlimited: false }]);
    await db.query(`delete from vehicles where slug = 'supercar-sans-limite'`);
  });

  it('seeds the 13 vehicles once, whatever the number of starts', async () => {
    expect(await seedCatalogue(db)).toBe(0);
    const { rows } = await db.query<{ count: number }>(
      'select count(*)::int as count from vehicles',
    );
    expect(rows[0]?.count).toBe(13);
  });

  it('creates the demo administrator once, with the admin role', async () => {
    const first = await seedAdmin(db, { email: 'ops@example.fr', password: 'Secret-123456' });
    const second = await seedAdmin(db, { email: 'OPS@example.fr', password: 'Secret-123456' });
    expect(first.password).toBe('Secret-123456');
    expect(second.password).toBeNull();
    const { rows } = await db.query<{ count: number }>(
      `select count(*)::int as count from users u join user_roles r on r.user_id = u.id
        where lower(u.email) = 'ops@example.fr' and r.role = 'admin'`,
    );
    expect(rows[0]?.count).toBe(1);
  });

  it('stores money in integer cents, two decimals of the euro prices', async () => {
    const { rows } = await db.query<{ slug: string; price: number; deposit: number }>(
      `select slug, price_per_day_cents as price, deposit_cents as deposit from vehicles
        where slug in ('toyota-yaris', 'mclaren-720s', 'ferrari-f8-spider') order by price`,
    );
    expect(rows).toEqual([
      { slug: 'toyota-yaris', price: 4500, deposit: 80000 },
      { slug: 'mclaren-720s', price: 129900, deposit: 1000000 },
      { slug: 'ferrari-f8-spider', price: 149900, deposit: 1200000 },
    ]);
  });
});
