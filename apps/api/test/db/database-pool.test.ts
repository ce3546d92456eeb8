import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { seedCatalogue } from '../../src/db/seed';
import { migratedPgliteImage } from '../helpers/database-image';
import { leaseDatabase } from '../helpers/database-pool';

/** Embedded databases opened by the pool, counted (the pool is that of this test process). */
let opened = 0;
const open = async (): Promise<Database> => {
  opened += 1;
  return openDatabase({ dataDir: 'memory://', pgliteImage: await migratedPgliteImage() });
};

async function count(db: Database, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

describe('the test databases handed from one file to the next', () => {
  it('come back empty, with their sequences restarted and their settings reset', async () => {
    const first = await leaseDatabase(open);
    await seedCatalogue(first);
    await first.query(`insert into audit_log (action, entity) values ('test', 'pool')`);
    await first.exec(`set timezone = 'America/New_York'`);
    await first.query('select pg_advisory_lock(4242)');
    await first.close();
    const before = opened;

    const second = await leaseDatabase(open);
    expect(opened).toBe(before);
    expect(await count(second, 'vehicles')).toBe(0);
    expect(await count(second, 'audit_log')).toBe(0);
    const { rows: inserted } = await second.query<{ id: number }>(
      `insert into audit_log (action, entity) values ('test', 'pool') returning id`,
    );
    expect(Number(inserted[0]!.id)).toBe(1);
    const { rows: zone } = await second.query<{ TimeZone: string }>('show timezone');
    expect(zone[0]!.TimeZone).not.toBe('America/New_York');
    const { rows: lock } = await second.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(4242) as locked',
    );
    expect(lock[0]!.locked).toBe(true);
    expect(await count(second, 'schema_migrations')).toBeGreaterThan(0);
    await second.close();
  });

  it('never reach the next file with a schema a test changed: that database is closed', async () => {
    const changed = await leaseDatabase(open);
    await changed.exec('create table left_behind (id int)');
    await changed.close();

    const next = await leaseDatabase(open);
    const { rows } = await next.query(`select 1 from pg_tables where tablename = 'left_behind'`);
    expect(rows).toHaveLength(0);
    await next.close();
  });

  it('stop calling what a file listened to once it handed the database back', async () => {
    const first = await leaseDatabase(open);
    const heard: string[] = [];
    await first.listen('pool_channel', (payload) => heard.push(payload));
    await first.close();

    const second = await leaseDatabase(open);
    const secondHeard: string[] = [];
    await second.listen('pool_channel', (payload) => secondHeard.push(payload));
    await second.query(`select pg_notify('pool_channel', 'for the second file')`);
    await expect.poll(() => secondHeard).toEqual(['for the second file']);
    expect(heard).toEqual([]);
    await second.close();
  });
});
