-- The booking's gate and its money ledger.

-- Why a cancelled booking was cancelled: only a lapsed hold may come back with a late payment.
alter table bookings
  add column cancellation_cause text
    check (cancellation_cause in ('hold_lapsed', 'payment_failed', 'customer', 'admin',
                                  'car_taken', 'code_spent'));
update bookings set cancellation_cause =
    case when payment_status = 'failed' then 'hold_lapsed' else 'admin' end
  where booking_status = 'cancelled';

-- Every movement of money, one row each, written in the transaction of the state change that
-- caused it and keyed by the idempotency key given to the processor: a retry or a crash can never
-- record it twice. Amounts are never edited; a movement asked of the processor is written
-- 'pending' before the call (it then counts against what may still be refunded or taken) and
-- settled 'done' once (a refusal removes it: it never happened).
create table money_movements (
  id bigint generated always as identity primary key,
  booking_id uuid not null references bookings (id) on delete restrict,
  kind text not null check (kind in (
    'rental_authorisation', 'rental_capture', 'rental_refund', 'rental_void',
    'deposit_hold', 'deposit_capture', 'deposit_release',
    'card_charge', 'charge_due', 'balance_payment')),
  amount_cents integer not null check (amount_cents >= 0),
  state text not null default 'done' check (state in ('pending', 'done')),
  -- 'sandbox' or 'stripe' for the processor's movements, 'outside' for a transfer or cash.
  provider text not null,
  provider_ref text,
  idempotency_key text not null unique,
  actor_user_id uuid references users (id) on delete set null,
  note text,
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index money_movements_booking_idx on money_movements (booking_id, id);
create index money_movements_pending_idx on money_movements (created_at) where state = 'pending';

-- What happened before the ledger, from the payments recorded then.
insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
  select booking_id, 'rental_capture', amount_captured_cents, provider, provider_ref,
         'backfill:capture:' || provider_ref
    from payments where kind = 'rental' and amount_captured_cents > 0;
insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
  select booking_id, 'rental_refund', amount_refunded_cents, provider, provider_ref,
         'backfill:refund:' || provider_ref
    from payments where kind = 'rental' and amount_refunded_cents > 0;
insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
  select booking_id, 'deposit_hold', amount_cents, provider, provider_ref,
         'backfill:hold:' || provider_ref
    from payments where kind = 'deposit' and status in ('requires_capture', 'succeeded', 'canceled');
insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
  select booking_id, 'deposit_capture', amount_captured_cents, provider, provider_ref,
         'backfill:deposit-capture:' || provider_ref
    from payments where kind = 'deposit' and status = 'succeeded';
insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
  select booking_id, 'deposit_release', amount_cents, provider, provider_ref,
         'backfill:release:' || provider_ref
    from payments where kind = 'deposit' and status = 'canceled';
insert into money_movements (booking_id, kind, amount_cents, provider, idempotency_key)
  select id, 'charge_due', balance_due_cents, 'outside', 'backfill:due:' || id
    from bookings where balance_due_cents > 0;
