-- Rental extensions: the customer keeps the car longer, from the booking page (decision 043).

-- Each extension asked: the return date it extends and the new one, its price as the server
-- computed it, and its card payment (an intent created under the row's own key). While it is
-- 'open' (being paid, for 15 minutes at most), its extra period holds the car in
-- vehicle_occupancy like a booking's hold; once paid, the booking's return date carries it.
create table rental_extensions (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete restrict,
  vehicle_id uuid not null references vehicles (id) on delete restrict,
  idempotency_key text not null unique,
  from_date timestamptz not null,
  to_date timestamptz not null,
  period tstzrange generated always as (tstzrange(from_date, to_date, '[)')) stored,
  days integer not null check (days >= 0),
  -- The priced lines, as the customer saw them and the invoice prints them.
  lines jsonb not null check (jsonb_typeof(lines) = 'array'),
  amount_cents integer not null check (amount_cents > 0),
  provider text not null,
  intent_id text unique,
  status text not null default 'open' check (status in ('open', 'paid', 'cancelled')),
  hold_expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  check (to_date > from_date)
);
create unique index rental_extensions_one_open on rental_extensions (booking_id)
  where status = 'open';
create index rental_extensions_open_idx on rental_extensions (hold_expires_at)
  where status = 'open';
create index rental_extensions_booking_idx on rental_extensions (booking_id, created_at);

-- An open extension holds its extra days in the one table whose exclusion constraint keeps a
-- car's bookings and blocks apart: two customers (or a block) can never take the same days.
alter table vehicle_occupancy add column extension_id uuid unique
  references rental_extensions (id) on delete cascade;
alter table vehicle_occupancy drop constraint vehicle_occupancy_check;
alter table vehicle_occupancy add constraint vehicle_occupancy_one_owner
  check (num_nonnulls(booking_id, block_id, extension_id) = 1);

create function sync_extension_occupancy() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' and new.status = 'open' then
    insert into vehicle_occupancy (vehicle_id, period, extension_id)
    values (new.vehicle_id, new.period, new.id);
  elsif tg_op = 'UPDATE' and old.status = 'open' and new.status <> 'open' then
    delete from vehicle_occupancy where extension_id = new.id;
  end if;
  return null;
end;
$$;

create trigger rental_extensions_sync_occupancy
  after insert or update of status on rental_extensions
  for each row execute function sync_extension_occupancy();

-- The extension's card payment, one row of the ledger.
alter table money_movements drop constraint money_movements_kind_check;
alter table money_movements add constraint money_movements_kind_check check (kind in (
  'rental_authorisation', 'rental_capture', 'rental_refund', 'rental_void',
  'deposit_hold', 'deposit_capture', 'deposit_release',
  'card_charge', 'charge_due', 'charge_waived', 'balance_payment', 'extension_payment'));
