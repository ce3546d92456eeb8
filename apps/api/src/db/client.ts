import { PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { TYPE_DATE, TYPE_INT8, TYPE_NUMERIC } from './pg-types';
import { databaseOverSession } from './pglite-database';
import { openLocalSession } from './pglite-session';
import { openWorkerSession } from './pglite-worker-session';

/** Values accepted as query parameters. */
export type SqlParam = string | number | boolean | null | Date | readonly unknown[] | object;

/** What repositories see of the database: one interface over PGlite and node-postgres. */
export interface Queryable {
  query<Row extends object = Record<string, unknown>>(
    text: string,
    params?: readonly SqlParam[],
  ): Promise<{ rows: Row[]; rowCount: number }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to a NOTIFY channel; resolves once the subscription is active. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite in this thread: its data directory as a tarball, which `pgliteImage` opens again. */
  image?(): Promise<Blob>;
  close(): Promise<void>;
  /** A Kysely dialect on the same database (the auth library speaks Kysely). */
  kyselyDialect(): Dialect;
}

export interface DatabaseOptions {
  /** postgres:// URL of a real server. When absent, the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  dataDir?: string | undefined;
  /**
   * Bounds on a PostgreSQL server: how long a statement may wait for a lock, run, or a request
   * wait for a free connection of the pool. Unset = unbounded (scripts that load large data).
   */
  limits?: DatabaseLimits | undefined;
  /**
   * Where PGlite runs: in this thread (tests, scripts), or in a worker thread of its own (the
   * server: a heavy query then never stalls the requests being answered).
   */
  pgliteThread?: PgliteThread | undefined;
  /**
   * A PGlite database to start from (a `Database.image()`), in this thread: tests open each
   * file's database from one migrated image instead of creating and migrating an empty one.
   */
  pgliteImage?: Blob | undefined;
}

export type PgliteThread = 'main' | 'worker';

export interface DatabaseLimits {
  lockTimeoutMs: number;
  statementTimeoutMs: number;
  connectionTimeoutMs: number;
}

/** Error codes of PostgreSQL (and of the pool) that mean "busy, try again", not "broken". */
const BUSY_CODES = new Set([
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  '55P03', // lock_not_available (lock_timeout)
  '57014', // query_canceled (statement_timeout)
]);

/** Whether an error is contention (a lock, a timeout, a full pool) rather than a fault. */
export function isDatabaseBusy(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && BUSY_CODES.has(code)) return true;
  // node-postgres' pool gives up waiting for a connection with this message, and no code.
  return (
    typeof message === 'string' && message.startsWith('timeout exceeded when trying to connect')
  );
}

/** Opens the database the configuration asks for: a PostgreSQL server, or embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.limits);
  return openPglite(options.dataDir ?? 'memory://', options.pgliteThread ?? 'main', options);
}

async function openPglite(
  dataDir: string,
  thread: PgliteThread,
  { pgliteImage }: DatabaseOptions,
): Promise<Database> {
  const session =
    thread === 'worker'
      ? await openWorkerSession(dataDir)
      : await openLocalSession(dataDir, pgliteImage);
  return databaseOverSession(session);
}

function wrapPg(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query(text, params) {
      const result = await target.query(text, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql) {
      await target.query(sql);
    },
  };
}

pg.types.setTypeParser(TYPE_DATE, (value) => value);
pg.types.setTypeParser(TYPE_INT8, (value) => Number(value));
pg.types.setTypeParser(TYPE_NUMERIC, (value) => Number(value));

async function openPostgres(url: string, limits: DatabaseLimits | undefined): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A request never waits without end: for a connection, a lock or a statement. A burst of
    // requests queued on one lock then answers (refused or retried) instead of starving the pool.
    ...(limits && {
      connectionTimeoutMillis: limits.connectionTimeoutMs,
      options: `-c lock_timeout=${limits.lockTimeoutMs} -c statement_timeout=${limits.statementTimeoutMs} -c idle_in_transaction_session_timeout=${limits.statementTimeoutMs * 2}`,
    }),
  });
  // Fail fast with a clear error when the server is unreachable.
  await pool.query('select 1');
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  let closed = false;
  // Pool clients that fail while idle (server restart) must not crash the process.
  pool.on('error', () => undefined);

  /**
   * One dedicated connection carries every LISTEN. If it drops (server restart, network), it is
   * reopened after a short delay and re-subscribes to every channel, so live events resume.
   */
  async function ensureListener(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', () => {
      if (listener === client) listener = undefined;
      client.end().catch(() => undefined);
      if (!closed) setTimeout(() => void reconnectListener(), 1000).unref();
    });
    await client.connect();
    listener = client;
    return client;
  }

  async function reconnectListener(): Promise<void> {
    if (closed || listener || handlers.size === 0) return;
    try {
      const client = await ensureListener();
      for (const channel of handlers.keys()) {
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
    } catch {
      if (!closed) setTimeout(() => void reconnectListener(), 5000).unref();
    }
  }

  return {
    kind: 'postgres',
    ...wrapPg(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const value = await work(wrapPg(client));
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = await ensureListener();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      closed = true;
      await listener?.end();
      await pool.end();
    },
    kyselyDialect: () => new PostgresDialect({ pool }),
  };
}
