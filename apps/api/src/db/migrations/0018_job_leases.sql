-- Background jobs run by one instance at a time across a cluster: each round of a job is leased
-- by the instance that claims it first, until `leased_until`; `runs` counts the rounds taken.
create table job_leases (
  name text primary key,
  holder text not null,
  leased_until timestamptz not null,
  runs bigint not null default 0,
  last_started_at timestamptz not null default now()
);
