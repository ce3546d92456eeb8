import type { FullConfig } from '@playwright/test';
import { startAppServer, workerServerPort } from './app-server';

/**
 * One server and database per worker slot, started once for the run: the worker running at
 * `parallelIndex` i talks to the i-th (support/test.ts). A worker that takes a slot over (the
 * phone project's after the desktop one's, or one started after a failure) carries on with the
 * slot's server rather than paying for a new one's start, a sixth of a minute of CPU each.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const servers = await Promise.all(
    Array.from({ length: config.workers }, (_, slot) => startAppServer(workerServerPort(slot))),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
