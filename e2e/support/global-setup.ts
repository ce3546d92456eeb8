import type { FullConfig } from '@playwright/test';
import pg from 'pg';
import { E2E_PORT, startAppServer, workerServerPort } from './app-server';

/**
 * One server and database per worker slot, started once for the run: the worker running at
 * `parallelIndex` i talks to the i-th (support/test.ts). A worker that takes a slot over (the
 * phone project's after the desktop one's, or one started after a failure) carries on with the
 * slot's server rather than paying for a new one's start, a sixth of a minute of CPU each.
 *
 * The databases are embedded (PGlite) by default. With E2E_DATABASE_URL naming a PostgreSQL
 * server, each slot gets a new database of its own there, dropped at the end: what the CI does,
 * where the server's native engine spends a sixth less CPU over the same journeys than the
 * embedded one's WebAssembly (217 s against 260 s on five files).
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const server = process.env.E2E_DATABASE_URL;
  const databases = server
    ? await Promise.all(
        Array.from({ length: config.workers }, (_, slot) =>
          freshDatabase(server, `vroum_e2e_${E2E_PORT}_${slot}`),
        ),
      )
    : [];
  const servers = await Promise.all(
    Array.from({ length: config.workers }, (_, slot) =>
      startAppServer(
        workerServerPort(slot),
        databases[slot] ? { DATABASE_URL: databases[slot].url } : {},
      ),
    ),
  );
  return async () => {
    await Promise.all(servers.map((app) => app.stop()));
    await Promise.all(databases.map((database) => database.drop()));
  };
}

/** A new, empty database named `name` on the server at `serverUrl` (one left by a run, dropped). */
async function freshDatabase(serverUrl: string, name: string) {
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
