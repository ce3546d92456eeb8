// The built app on a database the bench seeded first: for the phases whose data the API cannot
// create quickly through its own endpoints (10,000 bookings, a hundred verified customers).
// The database is prepared with the project's own openDatabase, migrate and seeds, closed, then
// handed to `node apps/api/dist/server.js` (PGlite: DATA_DIR on disk; PostgreSQL: DATABASE_URL),
// which applies no migration and finds its catalogue and demo admin already there.
import { join } from 'node:path';
import { DEMO_ADMIN_PASSWORD } from '../../apps/api/src/config';
import { openDatabase, type Database, type Queryable } from '../../apps/api/src/db/client';
import { migrate } from '../../apps/api/src/db/migrate';
import { seedAdmin, seedCatalogue } from '../../apps/api/src/db/seed';
import {
  removeTemporaryDir,
  startBuiltApp,
  temporaryDir,
  waitUntilIdle,
  type BuiltApp,
} from '../lib/processes';
import { createEmptyServerDatabase } from './data';

/** The demo administrator the server creates in DEMO_MODE (the default) with its demo password. */
export const DEMO_ADMIN = { email: 'admin@vroum-prestige.fr', password: DEMO_ADMIN_PASSWORD };

export interface SeededDatabase {
  label: string;
  engine: 'PGlite' | 'PostgreSQL';
  /** The environment that points the server at this database. */
  serverEnv: NodeJS.ProcessEnv;
  /** Opens it in the bench process: use withDatabase. */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

/** PGlite in a data directory on disk, as `npm start` keeps it (./data by default). */
function pgliteOnDisk(): SeededDatabase {
  const dataDir = temporaryDir('vroum-bench-data-');
  return {
    label: 'PGlite (data directory on disk)',
    engine: 'PGlite',
    serverEnv: { DATA_DIR: dataDir },
    // The server's configuration keeps PGlite's files in DATA_DIR/pglite.
    open: () => openDatabase({ dataDir: join(dataDir, 'pglite') }),
    remove: async () => removeTemporaryDir(dataDir),
  };
}

async function postgresDatabase(serverUrl: string): Promise<SeededDatabase> {
  const created = await createEmptyServerDatabase(serverUrl);
  return {
    label: created.label,
    engine: 'PostgreSQL',
    serverEnv: { DATABASE_URL: created.url },
    open: () => openDatabase({ url: created.url }),
    remove: created.drop,
  };
}

/**
 * Runs `work` on a fresh PGlite data directory, then on a fresh PostgreSQL database when a server
 * URL is given; each is removed afterwards, whether `work` succeeded or not.
 */
export async function forEachDatabase<T>(
  postgresUrl: string | undefined,
  work: (target: SeededDatabase) => Promise<T>,
): Promise<T[]> {
  const factories: (() => Promise<SeededDatabase>)[] = [async () => pgliteOnDisk()];
  if (postgresUrl) factories.push(() => postgresDatabase(postgresUrl));
  const results: T[] = [];
  for (const factory of factories) {
    const target = await factory();
    try {
      results.push(await work(target));
    } finally {
      await target.remove();
    }
  }
  return results;
}

/**
 * Runs `work` on the database opened in the bench process, then closes it: before the server
 * starts (seeding) or once it has stopped (checking what it wrote), never while it runs, as a
 * PGlite data directory has one user at a time.
 */
export async function withDatabase<T>(
  target: SeededDatabase,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const db = await target.open();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/**
 * Migrates the database, adds the catalogue and the demo admin as the server would, then the
 * phase's own data; ANALYZE afterwards so the planner knows the new row counts at once, as it
 * would long after such a volume built up in production.
 */
export function seedDatabase<T>(
  target: SeededDatabase,
  seed: (db: Database) => Promise<T>,
): Promise<T> {
  return withDatabase(target, async (db) => {
    await migrate(db);
    await db.transaction(async (tx) => {
      await seedCatalogue(tx);
      await seedAdmin(tx, DEMO_ADMIN);
    });
    const result = await seed(db);
    await db.exec('analyze');
    return result;
  });
}

/**
 * The built app on the seeded database, once it is idle (it loads the offline gazetteer after it
 * starts listening). `extraEnv` adds to what startBuiltApp sets (rate limits, for instance).
 */
export async function startAppOn(
  target: SeededDatabase,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<BuiltApp> {
  const app = await startBuiltApp({ ...target.serverEnv, ...extraEnv });
  const settled = await waitUntilIdle(app.process.pid);
  console.log(
    `  API on ${target.engine} idle ${(settled / 1000).toFixed(1)} s after its health check`,
  );
  return app;
}

/**
 * Password of every customer the bench creates: the demo admin's, whose hash seedAdmin computed.
 * Customers share that hash (hashing is deliberately slow, and better-auth is the API's
 * dependency, not the scripts').
 */
export const CUSTOMER_PASSWORD = DEMO_ADMIN.password;

/** The e-mail of customer `index` (1-based) of a group, as the bench creates them. */
export const customerEmail = (group: string, index: number) =>
  `${group}-${String(index).padStart(5, '0')}@bench.vroum.test`;

const FIRST_NAMES = ['Camille', 'Léa', 'Hugo', 'Chloé', 'Louis', 'Inès', 'Jules', 'Manon'];
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Laurent', 'Roux', 'Faure'];

/**
 * Inserts `count` customers with verified e-mails (`customerEmail(group, 1…count)`); two in three
 * filled in their profile's name. With `canSignIn`, each gets a password account
 * (CUSTOMER_PASSWORD), after seedDatabase created the demo admin.
 */
export async function insertCustomers(
  db: Queryable,
  group: string,
  count: number,
  { canSignIn = false } = {},
): Promise<void> {
  const emails = Array.from({ length: count }, (_, i) => customerEmail(group, i + 1));
  await db.query(
    `insert into users (name, email, email_verified, created_at)
     select '', email, true, now() - make_interval(days => 400 - (n::int * 37) % 400)
       from unnest($1::text[]) with ordinality as c(email, n)`,
    [emails],
  );
  await db.query(
    `insert into profiles (user_id, first_name, last_name, email, account_status)
     select u.id, ($2::text[])[1 + c.n::int % 8], ($3::text[])[1 + (c.n::int / 8) % 8], u.email,
            'validated'
       from unnest($1::text[]) with ordinality as c(email, n)
       join users u on u.email = c.email
      where c.n % 3 <> 0`,
    [emails, FIRST_NAMES, LAST_NAMES],
  );
  if (canSignIn) {
    await db.query(
      `insert into accounts (user_id, account_id, provider_id, password)
       select u.id, u.id, 'credential',
              (select a.password from accounts a join users admin on admin.id = a.user_id
                where lower(admin.email) = lower($2) and a.provider_id = 'credential')
         from users u where u.email = any($1::text[])`,
      [emails, DEMO_ADMIN.email],
    );
  }
}

/**
 * The driver block of a booking: a driver who meets every rental condition (age, licence years).
 */
export const driverFor = (email: string, index = 0) => ({
  firstName: FIRST_NAMES[index % FIRST_NAMES.length]!,
  lastName: LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]!,
  dateOfBirth: '1985-06-15',
  licenseNumber: `12AB${String(34567 + index).padStart(5, '0')}`,
  licenseIssueDate: '2005-01-01',
  licenseCountry: 'FR' as const,
  email,
  phone: '+33 6 11 22 33 44',
  address: '8 rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  country: 'FR' as const,
});
