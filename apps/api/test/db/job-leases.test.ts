import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { claimJobLease, listJobLeases } from '../../src/db/job-leases.repository';
import { startScheduler } from '../../src/lib/scheduler';
import { createTestDatabase } from '../helpers/test-app';

const quiet = { error: () => {} };

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

describe('job leases', () => {
  it('gives a round to one instance only, even when both claim it at the same moment', async () => {
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd'].map((holder) =>
        claimJobLease(db, { name: 'same-moment', holder, leaseMs: 60_000 }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const [lease] = (await listJobLeases(db)).filter((row) => row.name === 'same-moment');
    expect(lease?.runs).toBe(1);
  });

  it('frees the round once the lease is over, for whichever instance asks next', async () => {
    // A lease of a second: two claims one after the other fall within it even on a loaded
    // machine (one of 50 ms was over before the second claim once, in CI).
    expect(await claimJobLease(db, { name: 'short', holder: 'a', leaseMs: 1_000 })).toBe(true);
    expect(await claimJobLease(db, { name: 'short', holder: 'b', leaseMs: 1_000 })).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await claimJobLease(db, { name: 'short', holder: 'b', leaseMs: 1_000 })).toBe(true);
    const [lease] = (await listJobLeases(db)).filter((row) => row.name === 'short');
    expect(lease).toMatchObject({ holder: 'b', runs: 2 });
  });

  it('runs a scheduled task on one of two instances for each round', async () => {
    let runs = 0;
    const instances = ['first', 'second'].map((holder) =>
      startScheduler(
        async () => {
          runs += 1;
        },
        {
          everyMs: 3_600_000,
          log: quiet,
          failure: 'x',
          claim: () => claimJobLease(db, { name: 'round', holder, leaseMs: 60_000 }),
        },
      ),
    );
    await Promise.all(instances.map((instance) => instance.run()));
    await Promise.all(instances.map((instance) => instance.run()));
    expect(runs).toBe(1);
    await Promise.all(instances.map((instance) => instance.stop()));
  });
});
