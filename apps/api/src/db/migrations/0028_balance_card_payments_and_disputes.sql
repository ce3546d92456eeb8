-- A balance due paid by the customer's card from the booking page, and the customer's dispute of
-- the return charges (decision 038).

-- Each card payment of a balance: the intent created for it at the processor, under a key the
-- row holds before the processor is asked. One open payment per booking at a time: two tabs or
-- two taps share it, so a balance is never paid twice by card.
create table balance_card_payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete restrict,
  idempotency_key text not null unique,
  provider text not null,
  intent_id text unique,
  amount_cents integer not null check (amount_cents > 0),
  status text not null default 'open' check (status in ('open', 'paid', 'cancelled')),
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create unique index balance_card_payments_one_open on balance_card_payments (booking_id)
  where status = 'open';

-- A sum owed that is given up (a dispute decided for the customer): the ledger's own row, so
-- what is due stays the sum of its movements.
alter table money_movements drop constraint money_movements_kind_check;
alter table money_movements add constraint money_movements_kind_check check (kind in (
  'rental_authorisation', 'rental_capture', 'rental_refund', 'rental_void',
  'deposit_hold', 'deposit_capture', 'deposit_release',
  'card_charge', 'charge_due', 'charge_waived', 'balance_payment'));

-- The customer's dispute of what the return charged, one per rental, within the days the terms
-- give. Written only by operations/return-disputes.repository.ts. While open, nothing more is
-- taken for the charges; the decision (keep, reduce, refund) is written once, with the answer.
create table return_disputes (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null unique references bookings (id) on delete restrict,
  user_id uuid not null references users (id) on delete restrict,
  reason text not null check (length(reason) between 10 and 2000),
  -- Storage keys of the photos the customer sent, decoded on arrival.
  photo_keys jsonb not null default '[]'::jsonb check (jsonb_typeof(photo_keys) = 'array'),
  -- The return charges when the case was opened: taken, and still owed.
  contested_cents integer not null check (contested_cents > 0),
  status text not null default 'open' check (status in ('open', 'decided')),
  outcome text check (outcome in ('keep', 'reduce', 'refund')),
  kept_cents integer check (kept_cents >= 0),
  waived_cents integer check (waived_cents >= 0),
  refund_cents integer check (refund_cents >= 0),
  answer text,
  decided_by uuid references users (id) on delete restrict,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'open') = (decided_by is null)),
  check (status = 'open' or (outcome is not null and kept_cents is not null
    and waived_cents is not null and refund_cents is not null and length(answer) >= 10
    and decided_at is not null)),
  check (kept_cents is null or kept_cents <= contested_cents)
);
create index return_disputes_open_idx on return_disputes (created_at) where status = 'open';
create index return_disputes_created_idx on return_disputes (created_at desc);
