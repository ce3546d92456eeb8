import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { SqlParam } from './client';
import { TYPE_DATE, TYPE_INT8, TYPE_NUMERIC } from './pg-types';

export interface SessionResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

/**
 * The embedded database's one session, in terms that cross a thread: statements, and
 * transactions named by a number rather than held as objects. Implemented by PGlite in this
 * thread (`openLocalSession`) and by a worker thread that owns PGlite (`openWorkerSession`).
 */
export interface PgliteSession {
  /** Runs a statement, inside transaction `tx` when given. */
  query(text: string, params?: readonly SqlParam[], tx?: number): Promise<SessionResult>;
  exec(sql: string, tx?: number): Promise<void>;
  /**
   * Opens a transaction. PGlite has one session: until it ends, statements outside it wait, as
   * they would for a lock held by another connection.
   */
  begin(): Promise<number>;
  /** Commits (or rolls back) transaction `tx` and waits until it is over. */
  end(tx: number, commit: boolean): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The data directory as a tarball, to open another database from (in this thread only). */
  image?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PGlite in this thread, with the parsers that make its values those of node-postgres; started
 * from `image` (another session's `image()`) when given, which skips creating an empty cluster.
 */
export async function openLocalSession(dataDir: string, image?: Blob): Promise<PgliteSession> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, {
    ...(image ? { loadDataDir: image } : {}),
    extensions: { btree_gist },
    parsers: {
      [TYPE_DATE]: (value) => value,
      [TYPE_INT8]: (value) => Number(value),
      [TYPE_NUMERIC]: (value) => Number(value),
    },
  });
  const open = new Map<number, { tx: Transaction; settle: (commit: boolean) => void }>();
  const finished = new Map<number, Promise<void>>();
  let nextTx = 1;
  const target = (tx: number | undefined) => {
    if (tx === undefined) return db;
    const held = open.get(tx);
    if (!held) throw new Error(`Transaction ${tx} is not open`);
    return held.tx;
  };

  return {
    async query(text, params, tx) {
      const result = await target(tx).query(text, params as unknown[] | undefined);
      return {
        rows: result.rows as Record<string, unknown>[],
        rowCount: result.affectedRows ?? result.rows.length,
      };
    },
    async exec(sql, tx) {
      await target(tx).exec(sql);
    },
    begin() {
      const id = nextTx++;
      return new Promise<number>((ready, fail) => {
        const done = db
          .transaction(async (tx) => {
            const commit = await new Promise<boolean>((settle) => {
              open.set(id, { tx, settle });
              ready(id);
            });
            if (!commit) await tx.rollback();
          })
          .finally(() => open.delete(id));
        finished.set(id, done);
        done.catch(fail);
      });
    },
    async end(tx, commit) {
      open.get(tx)?.settle(commit);
      try {
        await finished.get(tx);
      } finally {
        finished.delete(tx);
      }
    },
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    image: () => db.dumpDataDir('none'),
    close: () => db.close(),
  };
}
