import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { startDatabaseMaintenance } from '../../src/db/maintenance';
import { seedCatalogue } from '../../src/db/seed';
import { createBooking, findVehicleId } from '../helpers/factories';
import { createTestDatabase } from '../helpers/test-app';

const silent = { info: () => {}, error: () => {} };

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await seedCatalogue(db);
  const vehicleId = await findVehicleId(db);
  for (let month = 1; month <= 9; month += 1) {
    await createBooking(db, {
      vehicleId,
      start: `2027-0${month}-01T10:00:00Z`,
      end: `2027-0${month}-04T10:00:00Z`,
    });
  }
});
afterAll(() => drop());

/** Pages of the table the visibility map marks all-visible (index-only scans need them). */
const allVisiblePages = async () =>
  (
    await db.query<{ pages: number }>(
      `select relallvisible as pages from pg_class where relname = 'bookings'`,
    )
  ).rows[0]!.pages;

describe('database maintenance', () => {
  it('vacuums the catalogue tables on PGlite, which has no autovacuum', async () => {
    if (db.kind !== 'pglite') return;
    expect(await allVisiblePages()).toBe(0);
    const maintenance = startDatabaseMaintenance(db, silent);
    await maintenance.run();
    await maintenance.stop();
    expect(await allVisiblePages()).toBeGreaterThan(0);
  });

  it('leaves a PostgreSQL server to its own autovacuum', async () => {
    if (db.kind !== 'postgres') return;
    const before = await allVisiblePages();
    const maintenance = startDatabaseMaintenance(db, silent);
    await maintenance.run();
    expect(await allVisiblePages()).toBe(before);
  });
});
