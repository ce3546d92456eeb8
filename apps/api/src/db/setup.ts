import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { migrate, STARTUP_LOCK_KEY } from './migrate';
import { seedAdmin, seedCatalogue, seedDemoTeam, type DemoAccount } from './seed';

export interface PreparedDatabase {
  db: Database;
  migrations: string[];
  vehiclesInserted: number;
  admin: DemoAccount;
  /** Demo mode only: the agent's and the customer's accounts. */
  demoTeam: { agent: DemoAccount; customer: DemoAccount } | null;
}

/** Opens the configured database, applies pending migrations and seeds what is missing. */
export async function prepareDatabase(config: Config): Promise<PreparedDatabase> {
  const db = await openDatabase(config.database);
  const migrations = await migrate(db);
  const { vehiclesInserted, admin, demoTeam } = await db.transaction(async (tx) => {
    // Instances started together against one server seed one after the other: the second finds
    // the accounts the first created.
    await tx.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY]);
    const vehicles = await seedCatalogue(tx);
    const seededAdmin = await seedAdmin(tx, config.admin);
    // The team shares the administrator's configured password: the one printed at start.
    const { password } = config.admin;
    return {
      vehiclesInserted: vehicles,
      admin: seededAdmin,
      demoTeam: config.demoMode && password ? await seedDemoTeam(tx, password) : null,
    };
  });
  return { db, migrations, vehiclesInserted, admin, demoTeam };
}
