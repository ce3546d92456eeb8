import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './client';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/** The advisory lock that serialises what concurrent starts do to the schema and the seeds. */
export const STARTUP_LOCK_KEY = 7212001;

/**
 * Applies the versioned SQL files of ./migrations in name order, each once, each in its own
 * transaction. Concurrent starts against one PostgreSQL server are serialised by an advisory lock.
 */
export async function migrate(db: Database): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  await db.query(`create table if not exists schema_migrations (
    version text primary key,
    applied_at timestamptz not null default now()
  )`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // A migration may rebuild an index over many rows: the request-time bounds do not apply.
    await tx.query('set local statement_timeout = 0');
    await tx.query('set local lock_timeout = 0');
    await tx.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY]);
    const { rows } = await tx.query<{ version: string }>('select version from schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      const sql = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
      applied.push(version);
    }
  });
  return applied;
}
