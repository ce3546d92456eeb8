import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { migrate, STARTUP_LOCK_KEY } from './migrate';
import { seedAdmin, seedCatalogue, seedDemoTeam, type DemoAccount } from './seed';
import { seedDemoSecondFactor, type DemoSecondFactor } from './seed-second-factor';

export interface PreparedDatabase {
  db: Database;
  migrations: string[];
  vehiclesInserted: number;
  admin: DemoAccount;
  /** Demo mode only: the agent's and the customer's accounts. */
  demoTeam: { agent: DemoAccount; customer: DemoAccount } | null;
  /** Demo mode only: the staff's authenticator secret and backup codes. */
  demoSecondFactor: DemoSecondFactor | null;
}

/** Opens the configured database, applies pending migrations and seeds what is missing. */
export async function prepareDatabase(config: Config): Promise<PreparedDatabase> {
  const db = await openDatabase(config.database);
  const migrations = await migrate(db);
  const { vehiclesInserted, admin, demoTeam, demoSecondFactor } = await db.transaction(
    async (tx) => {
      // Instances started together against one server seed one after the other: the second finds
      // the accounts the first created.
      await tx.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY]);
      const vehicles = await seedCatalogue(tx);
      const seededAdmin = await seedAdmin(tx, config.admin, config.auth.passwordHashCost);
      // The team shares the administrator's configured password: the one printed at start.
      const { password } = config.admin;
      const team =
        config.demoMode && password
          ? await seedDemoTeam(tx, password, config.auth.passwordHashCost)
          : null;
      return {
        vehiclesInserted: vehicles,
        admin: seededAdmin,
        demoTeam: team,
        // Staff pass a second factor in the demo too: it hands them one rather than waiving it.
        demoSecondFactor: config.demoMode
          ? await seedDemoSecondFactor(
              tx,
              config.auth.secret,
              [seededAdmin.email, ...(team ? [team.agent.email] : [])],
              config.site.brandName,
            )
          : null,
      };
    },
  );
  return { db, migrations, vehiclesInserted, admin, demoTeam, demoSecondFactor };
}
