import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDependencies } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { seedAdmin, seedCatalogue } from '../../src/db/seed';
import { migratedPgliteImage, migratedTemplateDatabase } from './database-image';
import { leaseDatabase } from './database-pool';

/** The bounds the server applies by default, so tests meet the same limits. */
const TEST_DATABASE_LIMITS = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' }).database
  .limits;

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a brand-new
 * database on the PostgreSQL server named by DATABASE_URL (dropped afterwards). Both are copies
 * of one migrated database; `migrate` then finds nothing left to apply, as on a restart. An
 * embedded one may have served an earlier file of this process, emptied since (database-pool.ts).
 */
export async function createTestDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await leaseDatabase(async () =>
      openDatabase({ dataDir: 'memory://', pgliteImage: await migratedPgliteImage() }),
    );
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const template = await migratedTemplateDatabase(serverUrl);
  const name = `vroum_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), limits: TEST_DATABASE_LIMITS });
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function createTestApp(
  overrides: Partial<NodeJS.ProcessEnv> = {},
  /** Providers of the test's own instead of the configured ones (a chat model…). */
  providers: Omit<AppDependencies, 'config' | 'db'> = {},
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    ADMIN_PASSWORD: 'Admin-Test-1234',
    // Every test request comes from one address; limits are tested where they matter.
    BOOKING_RATE_LIMIT: '1000',
    MAX_OPEN_HOLDS: '1000',
    // Answers follow the rows a test writes at once; the cache has its own tests.
    CATALOGUE_CACHE_MS: '0',
    // The assistant's replies at once; the readable pace has its own tests.
    CHAT_STREAM_PACE_MS: '0',
    // A contract is rendered when a test asks for it, not behind every payment a test makes: a
    // rendering in the background outlived the test that caused it. Prepared ahead in its tests.
    CONTRACTS_AHEAD: 'false',
    ...overrides,
  });
  const { db, drop } = await createTestDatabase();
  await seedCatalogue(db);
  await seedAdmin(db, config.admin, config.auth.passwordHashCost);
  const app = await buildApp({ ...providers, config, db });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}
