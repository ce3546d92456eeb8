import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { seedAdmin, seedCatalogue, type DemoAdmin } from './seed';

export interface PreparedDatabase {
  db: Database;
  migrations: string[];
  vehiclesInserted: number;
  admin: DemoAdmin;
}

/** Opens the configured database, applies pending migrations and seeds what is missing. */
export async function prepareDatabase(config: Config): Promise<PreparedDatabase> {
  const db = await openDatabase(config.database);
  const migrations = await migrate(db);
  const { vehiclesInserted, admin } = await db.transaction(async (tx) => ({
    vehiclesInserted: await seedCatalogue(tx),
    admin: await seedAdmin(tx, config.admin),
  }));
  return { db, migrations, vehiclesInserted, admin };
}
