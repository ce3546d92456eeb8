import type { FastifyBaseLogger } from 'fastify';
import { startScheduler, type Scheduler } from '../lib/scheduler';
import type { Database } from './client';

/** Tables whose reads depend on index-only scans and fresh statistics. */
const TABLES = ['bookings', 'vehicles'] as const;
const EVERY_SIX_HOURS = 6 * 3_600_000;

/**
 * PGlite has no autovacuum: without VACUUM, its index-only scans must visit the table for every
 * row (the visibility map stays empty) and the planner works from stale statistics. This job
 * runs VACUUM ANALYZE on the tables the catalogue reads, at start and every six hours (about a
 * second for 1,000,000 bookings, during which other queries wait: PGlite runs one at a time).
 * PostgreSQL servers vacuum themselves, so nothing runs there.
 */
export function startDatabaseMaintenance(
  db: Database,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  intervalMs = EVERY_SIX_HOURS,
): Scheduler {
  if (db.kind !== 'pglite') return { run: async () => {}, stop: async () => {} };
  return startScheduler(
    async () => {
      const started = performance.now();
      for (const table of TABLES) await db.exec(`vacuum (analyze) ${table}`);
      log.info({ ms: Math.round(performance.now() - started) }, 'database vacuumed');
    },
    { everyMs: intervalMs, log, failure: 'database maintenance failed' },
  );
}
