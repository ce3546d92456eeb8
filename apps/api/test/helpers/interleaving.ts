import { AsyncLocalStorage } from 'node:async_hooks';
import type { Scheduler } from 'fast-check';
import type { Database, Queryable, SqlParam } from '../../src/db/client';

/** Where the server dies: at the `nth` statement matching `pattern`, counted over one run. */
export interface CrashPoint {
  label: string;
  pattern: RegExp;
  nth: number;
}

/** What a statement meets while the server is down, or at the crash itself. */
export class ServerDown extends Error {}

/** An operation's end: its value or its error, and whether the server died while it ran. */
export interface OperationEnd<T> {
  value?: T;
  error?: unknown;
  crashed: boolean;
}

type Query = Queryable['query'];

/**
 * Takes control of the application's database, in place (the app, its jobs and the built-in
 * processor all hold this object):
 * - with a scheduler attached, every statement and every transaction waits at a gate that the
 *   fast-check scheduler opens in the order it chooses, so concurrent requests interleave
 *   statement by statement in a seeded order. The gate is passed before the statement is sent,
 *   so a statement waiting on a lock never holds the scheduler up;
 * - with a crash armed, the server dies at the chosen statement: that statement and every later
 *   one of any request in flight fail (their transactions roll back, their error handlers cannot
 *   write either), as with a killed process. Once the last operation in flight has ended, the
 *   server restarts: the processor's claims left by the dead requests are aged past their 30
 *   seconds, and waiting operations go on.
 */
export function controlDatabase(db: Database) {
  const raw = { query: db.query.bind(db), transaction: db.transaction.bind(db) };
  let scheduler: Scheduler | null = null;
  let crash: { point: CrashPoint; seen: number } | null = null;
  let down = false;
  let crashes = 0;
  const crashedAt: string[] = [];
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  let restarting: Promise<void> | null = null;

  /** The pace of the operation a statement belongs to. */
  const paceOf = new AsyncLocalStorage<number>();

  async function gate(sql: string): Promise<void> {
    const label = sql.replace(/\s+/g, ' ').trim().slice(0, 60);
    for (let turn = 0; scheduler && turn < (paceOf.getStore() ?? 1); turn += 1) {
      await scheduler.schedule(Promise.resolve(), label);
    }
    if (down) throw new ServerDown('the server is down');
    if (crash && crash.point.pattern.test(sql) && ++crash.seen === crash.point.nth) {
      const where = crash.point.label;
      crash = null;
      down = true;
      crashes += 1;
      crashedAt.push(where);
      throw new ServerDown(`the server died at ${where}`);
    }
  }

  const gated =
    (run: Query): Query =>
    async (text: string, params?: readonly SqlParam[]) => {
      await gate(text);
      return run(text, params);
    };

  db.query = gated(raw.query);
  db.transaction = async (work) => {
    await gate('begin');
    return raw.transaction((tx) => work({ ...tx, query: gated(tx.query.bind(tx)) }));
  };

  async function restart(): Promise<void> {
    // The dead requests' claims at the processor would otherwise block their retries 30 s.
    await raw.query(
      `update sandbox_idempotency set created_at = created_at - interval '31 seconds'
        where response = '{}'`,
    );
    down = false;
    const resumed = waiting;
    waiting = [];
    for (const resume of resumed) resume();
  }

  return {
    /** The statements' gates are opened by `next` from now on; null sends them at once. */
    attach(next: Scheduler | null) {
      scheduler = next;
    },
    /** Arms the crash for the operations to come (null disarms it). */
    arm(point: CrashPoint | null) {
      crash = point ? { point, seen: 0 } : null;
    },
    get crashes() {
      return crashes;
    },
    /** Where the server died, one label per crash. */
    crashedAt,
    /**
     * Runs one client's operation (a request, a job): it waits while the server is down, and
     * the last one in flight when it died restarts it. Each of its statements waits `pace`
     * turns of the scheduler: a slow client (a processor answering late) lets the others run
     * far ahead, the deep interleavings a uniform choice would almost never reach.
     */
    async operation<T>(work: () => Promise<T>, pace = 1): Promise<OperationEnd<T>> {
      while (down) await new Promise<void>((resume) => waiting.push(resume));
      const generation = crashes;
      inFlight += 1;
      const end: OperationEnd<T> = { crashed: false };
      try {
        end.value = await paceOf.run(pace, work);
      } catch (error) {
        end.error = error;
      } finally {
        inFlight -= 1;
        if (down && inFlight === 0) {
          restarting ??= restart().finally(() => (restarting = null));
        }
        if (restarting) await restarting;
      }
      end.crashed = crashes !== generation;
      return end;
    },
    /** Gives the database back untouched. */
    release() {
      db.query = raw.query;
      db.transaction = raw.transaction;
    },
  };
}

export type DatabaseControl = ReturnType<typeof controlDatabase>;
