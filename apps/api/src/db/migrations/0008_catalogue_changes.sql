-- The availability answers (search pages, one car's availability) are kept for a moment in each
-- API instance (modules/vehicles/catalogue-cache.ts, decision 020). Any change to the vehicles or
-- the bookings tells every instance to drop them: one NOTIFY per statement, sent at commit, on
-- 'catalogue_changes', with the table's name.
create function notify_catalogue_change() returns trigger
language plpgsql as $$
begin
  perform pg_notify('catalogue_changes', tg_table_name);
  return null;
end;
$$;

create trigger vehicles_notify_catalogue_change
  after insert or update or delete or truncate on vehicles
  for each statement execute function notify_catalogue_change();

create trigger bookings_notify_catalogue_change
  after insert or update or delete or truncate on bookings
  for each statement execute function notify_catalogue_change();
