-- The catalogue's public answers (fleet, vehicle, availability, search pages) and the landing
-- pages rendered from them are kept for a moment in each API instance
-- (modules/vehicles/catalogue-cache.ts, decisions 019 and 020). Any change to the vehicles, the
-- bookings or the reviews (shown on vehicle pages) tells every instance to drop them: one NOTIFY
-- per statement, sent at commit, on 'catalogue_changes', with the table's name.
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

create trigger reviews_notify_catalogue_change
  after insert or update or delete or truncate on reviews
  for each statement execute function notify_catalogue_change();
