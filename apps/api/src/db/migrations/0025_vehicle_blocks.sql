-- Fleet blocks: the team takes a car out of service for a period (maintenance, repair,
-- inspection, private use) with a reason. A lifted block is kept for the record.
create table vehicle_blocks (
  id uuid primary key default gen_random_uuid(),
  vehicle_id uuid not null references vehicles (id) on delete cascade,
  period tstzrange not null check (not isempty(period) and not lower_inf(period)
                                   and not upper_inf(period)),
  kind text not null check (kind in ('maintenance', 'repair', 'inspection', 'private_use')),
  reason text not null check (length(btrim(reason)) between 3 and 500),
  -- The damage claim that proposed a repair block, when one did.
  damage_claim_id uuid references damage_claims (id) on delete set null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  lifted_at timestamptz,
  lifted_by uuid references users (id) on delete set null
);
create index vehicle_blocks_vehicle_idx on vehicle_blocks (vehicle_id, lower(period));
-- "Which cars are blocked during [a, b)?" for the search, answered from the index alone.
create index vehicle_blocks_live_period_idx on vehicle_blocks using gist (period)
  include (vehicle_id) where (lifted_at is null);

-- One exclusion constraint holds a car's bookings and blocks together: an exclusion constraint
-- sees one table only, so every holding booking (the rows bookings_no_overlap protects) and
-- every live block has a row here, written by the triggers below in the transaction that
-- writes the booking or the block. Two writers racing for one car, whatever they are, can then
-- never both commit: the second waits for the first and fails with 23P01.
create table vehicle_occupancy (
  vehicle_id uuid not null,
  period tstzrange not null,
  booking_id uuid unique references bookings (id) on delete cascade,
  block_id uuid unique references vehicle_blocks (id) on delete cascade,
  check ((booking_id is null) <> (block_id is null)),
  constraint vehicle_occupancy_no_overlap exclude using gist (vehicle_id with =, period with &&)
);

create function sync_booking_occupancy() returns trigger
language plpgsql as $$
declare
  held_before boolean := tg_op = 'UPDATE'
    and old.booking_status in ('pending', 'confirmed', 'active');
  held_now boolean := new.booking_status in ('pending', 'confirmed', 'active');
begin
  if held_before and held_now then
    if new.vehicle_id <> old.vehicle_id or new.period <> old.period then
      update vehicle_occupancy set vehicle_id = new.vehicle_id, period = new.period
       where booking_id = new.id;
    end if;
  elsif held_before then
    delete from vehicle_occupancy where booking_id = new.id;
  elsif held_now then
    insert into vehicle_occupancy (vehicle_id, period, booking_id)
    values (new.vehicle_id, new.period, new.id);
  end if;
  return null;
end;
$$;

create trigger bookings_sync_occupancy
  after insert or update of booking_status, vehicle_id, pickup_date, return_date on bookings
  for each row execute function sync_booking_occupancy();

create function sync_block_occupancy() returns trigger
language plpgsql as $$
declare
  live_before boolean := tg_op = 'UPDATE' and old.lifted_at is null;
  live_now boolean := new.lifted_at is null;
begin
  if live_before and live_now then
    if new.vehicle_id <> old.vehicle_id or new.period <> old.period then
      update vehicle_occupancy set vehicle_id = new.vehicle_id, period = new.period
       where block_id = new.id;
    end if;
  elsif live_before then
    delete from vehicle_occupancy where block_id = new.id;
  elsif live_now then
    insert into vehicle_occupancy (vehicle_id, period, block_id)
    values (new.vehicle_id, new.period, new.id);
  end if;
  return null;
end;
$$;

create trigger vehicle_blocks_sync_occupancy
  after insert or update of vehicle_id, period, lifted_at on vehicle_blocks
  for each row execute function sync_block_occupancy();

insert into vehicle_occupancy (vehicle_id, period, booking_id)
select vehicle_id, period, id from bookings
 where booking_status in ('pending', 'confirmed', 'active');

-- A block changes what the catalogue answers: every instance drops its kept answers.
create trigger vehicle_blocks_notify_catalogue_change
  after insert or update or delete or truncate on vehicle_blocks
  for each statement execute function notify_catalogue_change();
