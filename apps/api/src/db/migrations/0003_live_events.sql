-- Live events (docs/decisions/010-live-events.md): every change to favorites, notifications and
-- bookings sends a NOTIFY on 'app_events' with what changed, never what the row holds:
--   {"table": "notifications", "op": "insert", "id": "<uuid>", "user_id": "<uuid> | null"}
-- The id is the row's id, or the vehicle's id for a favourite (its key is user + vehicle).
-- NOTIFY is sent at commit, to every listening API instance; a rolled-back change sends nothing.
create function notify_app_event() returns trigger
language plpgsql as $$
declare
  changed jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
begin
  perform pg_notify('app_events', json_build_object(
    'table', tg_table_name,
    'op', lower(tg_op),
    'id', changed ->> tg_argv[0],
    'user_id', changed ->> 'user_id'
  )::text);
  return null;
end;
$$;

create trigger favorites_notify_app_event
  after insert or update or delete on favorites
  for each row execute function notify_app_event('vehicle_id');

create trigger notifications_notify_app_event
  after insert or update or delete on notifications
  for each row execute function notify_app_event('id');

create trigger bookings_notify_app_event
  after insert or update or delete on bookings
  for each row execute function notify_app_event('id');
