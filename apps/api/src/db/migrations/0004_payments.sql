-- Payments: one row per provider intent in `payments` (0001), plus what the booking
-- needs to keep a valid deposit hold for the whole rental, and the built-in sandbox processor's
-- own state (it behaves like an outside processor: the app only knows intent ids).

alter table bookings
  add column reference text generated always as (upper(left(id::text, 8))) stored,
  add column customer_email text,
  add column deposit_status text not null default 'not_held'
    check (deposit_status in ('not_held', 'scheduled', 'held', 'released', 'captured', 'failed')),
  -- When the deposit authorisation must be placed (card holds last about 7 days).
  add column deposit_due_at timestamptz,
  add column payment_provider text,
  add column saved_payment_method text,
  add column idempotency_key text;
create unique index bookings_idempotency_idx on bookings (user_id, idempotency_key)
  where idempotency_key is not null;
create index bookings_reference_idx on bookings (reference);
create index bookings_hold_expiry_idx on bookings (hold_expires_at) where booking_status = 'pending';
create index bookings_deposit_due_idx on bookings (deposit_due_at) where deposit_status = 'scheduled';

alter table payments
  add column idempotency_key text,
  add column last_error text;
create index payments_pending_idx on payments (created_at)
  where status in ('requires_payment_method', 'requires_action', 'requires_capture', 'processing');

-- The sandbox processor's ledger (built-in payment provider).
create table sandbox_intents (
  id text primary key,
  client_secret text not null,
  amount_cents integer not null check (amount_cents >= 50),
  currency text not null default 'eur',
  capture_method text not null check (capture_method in ('automatic', 'manual')),
  status text not null check (status in ('requires_payment_method', 'requires_action',
    'requires_capture', 'succeeded', 'canceled')),
  amount_capturable_cents integer not null default 0,
  amount_received_cents integer not null default 0,
  amount_refunded_cents integer not null default 0,
  payment_method text,
  card_brand text,
  card_last4 text,
  save_payment_method boolean not null default false,
  capture_before timestamptz,
  last_error_code text,
  last_error_message text,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table sandbox_idempotency (
  key text primary key,
  request_hash text not null,
  response jsonb not null,
  created_at timestamptz not null default now()
);
