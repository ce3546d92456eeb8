import type { Queryable } from './client';

/**
 * Claims the round of job `name` for `holder` for `leaseMs`, when no other instance holds it:
 * one statement, so two instances claiming at once never both win. True when claimed.
 */
export async function claimJobLease(
  db: Queryable,
  lease: { name: string; holder: string; leaseMs: number },
): Promise<boolean> {
  const { rows } = await db.query(
    `insert into job_leases (name, holder, leased_until, runs, last_started_at)
     values ($1, $2, now() + make_interval(secs => $3::float8 / 1000), 1, now())
     on conflict (name) do update
       set holder = excluded.holder, leased_until = excluded.leased_until,
           runs = job_leases.runs + 1, last_started_at = now()
       where job_leases.leased_until <= now()
     returning name`,
    [lease.name, lease.holder, lease.leaseMs],
  );
  return rows.length > 0;
}

export interface JobLease {
  name: string;
  holder: string;
  runs: number;
  last_started_at: Date;
}

/** Every job's latest round: who ran it, when, and how many rounds were taken in all. */
export async function listJobLeases(db: Queryable): Promise<JobLease[]> {
  const { rows } = await db.query<JobLease>(
    `select name, holder, runs::int as runs, last_started_at from job_leases order by name`,
  );
  return rows;
}
