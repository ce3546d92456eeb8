import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';

let db: Database;

beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory://', pgliteThread: 'worker' });
  await migrate(db);
});
afterAll(() => db.close());

describe('PGlite in a worker thread', () => {
  it('answers queries with the same values as in the server thread', async () => {
    const { rows } = await db.query<{ day: string; count: number; at: Date; tags: string[] }>(
      `select '2026-12-01'::date as day, 3::int8 as count, $1::timestamptz as at, $2::text[] as tags`,
      [new Date('2026-12-01T09:00:00Z'), ['a', 'b']],
    );
    expect(rows).toEqual([
      { day: '2026-12-01', count: 3, at: new Date('2026-12-01T09:00:00Z'), tags: ['a', 'b'] },
    ]);
  });

  it('commits a transaction that succeeds and rolls back one that throws', async () => {
    await db.exec('create table worker_check (id int primary key)');
    await db.transaction(async (tx) => {
      await tx.query('insert into worker_check values (1)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into worker_check values (2)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ id: number }>('select id from worker_check order by id');
    expect(rows).toEqual([{ id: 1 }]);
  });

  it("keeps PostgreSQL's error fields across the thread (a unique violation's code)", async () => {
    await expect(db.query('insert into worker_check values (1)')).rejects.toMatchObject({
      code: '23505',
      message: expect.stringContaining('duplicate key'),
    });
  });

  it('delivers notifications to listeners in the server thread', async () => {
    const received: string[] = [];
    const stop = await db.listen('worker_channel', (payload) => received.push(payload));
    await db.query(`select pg_notify('worker_channel', 'bonjour')`);
    await expect.poll(() => received).toEqual(['bonjour']);
    await stop();
  });

  it('leaves the server thread free while a heavy query runs', async () => {
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await db.query('select count(*) from generate_series(1, 2000000)');
    const took = performance.now() - started;
    clearInterval(ticker);
    // In the server's thread, the query would have blocked every tick for its whole duration.
    expect(took).toBeGreaterThan(100);
    expect(longestGap).toBeLessThan(took / 2);
  });
});
