-- One inbox for the webhooks of every provider (payment, identity, signature). An event is
-- recorded, handled, then marked processed; until then a redelivery handles it again and a
-- periodic job retries it after a growing pause. It replaces `payment_events` (the payment
-- provider's events) and the identity and signature providers' claims, which were taken before
-- handling, so a failed event was never handled again.
alter table provider_events
  add column port text,
  add column type text not null default '',
  -- The object the event is about (payment intent, identity session, signature request): the
  -- handler re-reads it from the provider.
  add column object_id text,
  add column processed_at timestamptz,
  -- What the handler did: 'handled' or 'ignored'.
  add column outcome text,
  add column attempts integer not null default 0,
  add column last_error text,
  -- When the retry job may take the event; null when it has nothing left to do with it.
  add column next_attempt_at timestamptz,
  -- A delivery or the job is handling it until then (one at a time).
  add column locked_until timestamptz;

-- The claims carry no object to re-read. A recent one may be an event whose handling failed:
-- it stays open for the provider's redelivery (handling is idempotent); providers stop
-- redelivering after three days, so older claims are closed.
update provider_events
   set port = case provider when 'yousign' then 'signature' else 'identity' end,
       processed_at = case when received_at < now() - interval '3 days' then received_at end,
       outcome = case when received_at < now() - interval '3 days' then 'handled' end;

alter table provider_events
  alter column port set not null,
  add constraint provider_events_port_check check (port in ('payment', 'identity', 'signature')),
  drop constraint provider_events_pkey,
  add primary key (port, provider, event_id);

insert into provider_events (port, provider, event_id, type, received_at, processed_at, outcome)
select 'payment', provider, event_id, type, received_at, processed_at,
       case when processed_at is not null then 'handled' end
  from payment_events;

drop table payment_events;

create index provider_events_retry_idx on provider_events (next_attempt_at)
  where processed_at is null;
