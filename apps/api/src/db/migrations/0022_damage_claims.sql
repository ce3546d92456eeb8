-- What a car is worth: the excess of a rental without protection. Null until the team records
-- it (the seeded fleet gets its value at start).
alter table vehicles add column value_cents integer check (value_cents > 0);

-- New damage found at the return, charged only once an administrator other than the agent who
-- recorded it decides: approved (at most the amount chargeable within the plan's excess) or
-- waived with a reason. The split between the deposit and the saved card is fixed with the
-- decision, so a retried settlement takes the same amounts under the same keys.
create table damage_claims (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null unique references bookings (id) on delete restrict,
  recorded_by uuid not null references users (id) on delete restrict,
  protection_plan text not null
    check (protection_plan in ('complete', 'intermediate', 'basic', 'none')),
  vehicle_value_cents integer check (vehicle_value_cents > 0),
  excess_cents integer check (excess_cents >= 0),
  assessed_cents integer not null check (assessed_cents > 0),
  chargeable_cents integer not null check (chargeable_cents > 0),
  -- Kilometres and fuel owed at the return, taken with the decision (a card authorisation is
  -- captured once).
  other_charges_cents integer not null check (other_charges_cents >= 0),
  damages jsonb not null check (jsonb_typeof(damages) = 'array'),
  note text not null default '',
  status text not null default 'pending' check (status in ('pending', 'approved', 'waived')),
  approved_cents integer check (approved_cents > 0),
  decided_by uuid references users (id) on delete restrict,
  decided_at timestamptz,
  decision_note text,
  from_deposit_cents integer check (from_deposit_cents >= 0),
  card_cents integer check (card_cents >= 0),
  -- The settlement under way (a lease, so a crashed one is taken up again) and its outcome.
  settling_until timestamptz,
  settled_at timestamptz,
  unpaid_cents integer check (unpaid_cents >= 0),
  created_at timestamptz not null default now(),
  check (chargeable_cents <= assessed_cents),
  check (excess_cents is null or chargeable_cents <= excess_cents),
  check ((status = 'pending') = (decided_by is null)),
  check (status = 'pending' or (decided_at is not null and from_deposit_cents is not null
                                and card_cents is not null)),
  check (status <> 'approved' or (approved_cents is not null and approved_cents <= chargeable_cents)),
  check (status <> 'waived' or (approved_cents is null and length(decision_note) >= 3)),
  -- Four eyes: whoever recorded the damage never decides on it.
  check (decided_by is null or decided_by <> recorded_by)
);
create index damage_claims_open_idx on damage_claims (created_at)
  where status = 'pending' or settled_at is null;
create index damage_claims_created_idx on damage_claims (created_at desc);
