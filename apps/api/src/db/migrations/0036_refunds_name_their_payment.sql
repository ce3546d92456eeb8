-- A refund names the payment it gives back, and the reconciliation reads every intent the ledger
-- knows.

-- The captured payment (its ledger movement) a refund gives back, and the request a refund split
-- over several payments came from (each part keeps its own idempotency key).
alter table money_movements
  add column refunds_movement_id bigint references money_movements (id) on delete restrict,
  add column request_key text;
create index money_movements_refunds_idx on money_movements (refunds_movement_id)
  where refunds_movement_id is not null;
create index money_movements_request_idx on money_movements (request_key)
  where request_key is not null;

-- Refunds recorded before: the payment received on the same intent.
update money_movements r set refunds_movement_id = (
    select p.id from money_movements p
     where p.provider_ref = r.provider_ref and p.provider = r.provider
       and p.kind in ('rental_capture', 'extension_payment', 'card_charge', 'balance_payment')
     order by p.id limit 1)
  where r.kind = 'rental_refund' and r.provider_ref is not null;

-- When each intent known only to the ledger (an extension's, a balance's: they have no row in
-- `payments`) was last compared with the processor.
create table intent_reconciliations (
  provider text not null,
  provider_ref text not null,
  reconciled_at timestamptz,
  primary key (provider, provider_ref)
);
