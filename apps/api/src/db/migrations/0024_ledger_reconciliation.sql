-- The reconciliation of the ledger with the payment processor: what differs, per intent and
-- measure, until it agrees again; and when each intent was last compared.
alter table payments add column reconciled_at timestamptz;
create index payments_reconcile_idx on payments (reconciled_at nulls first);

create table reconciliation_differences (
  id bigint generated always as identity primary key,
  booking_id uuid not null references bookings (id) on delete restrict,
  provider text not null,
  provider_ref text not null,
  -- What was compared: the amount captured, the amount refunded, the deposit still held.
  measure text not null check (measure in ('captured', 'refunded', 'held')),
  ledger_cents integer not null,
  processor_cents integer not null,
  detected_at timestamptz not null default now(),
  checked_at timestamptz not null default now(),
  resolved_at timestamptz
);
create unique index reconciliation_open_idx
  on reconciliation_differences (provider, provider_ref, measure) where resolved_at is null;
create index reconciliation_booking_idx on reconciliation_differences (booking_id);
