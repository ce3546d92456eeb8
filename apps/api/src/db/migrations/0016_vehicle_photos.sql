-- Photos of the vehicles, uploaded by the team (modules/vehicle-photos, decision 026). The
-- stored objects are the photo's source (turned upright, without its metadata, at most 1600 px
-- wide) and its variants, under vehicle-photos/{id}/; `formats` lists the variants made so far
-- (AVIF is made after the upload has been answered).
create table vehicle_photos (
  id uuid primary key,
  vehicle_id uuid not null references vehicles (id) on delete cascade,
  -- The team's order; the lowest is the main photo.
  position integer not null check (position >= 0),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  widths integer[] not null check (cardinality(widths) > 0),
  formats text[] not null check (formats <@ array['avif', 'webp', 'jpeg']),
  size_bytes integer not null check (size_bytes > 0),
  -- While the variants still missing are being made by an instance (a claim lapses after a
  -- crash, so that another instance takes the work over).
  variants_claimed_at timestamptz,
  uploaded_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index vehicle_photos_order on vehicle_photos (vehicle_id, position, id);
create index vehicle_photos_unfinished on vehicle_photos (created_at)
  where not (formats @> array['avif']);

-- The photo as the API describes it (VehiclePhoto in @vroum/core/vehicle-photos).
create function vehicle_photo_json(photo vehicle_photos) returns jsonb
language sql immutable as $$
  select jsonb_build_object('id', photo.id, 'width', photo.width, 'height', photo.height,
    'widths', to_jsonb(photo.widths), 'formats', to_jsonb(photo.formats))
$$;

-- The vehicle's main photo (the first in the team's order), or null: every catalogue answer
-- carries it, for the cards.
create function vehicle_main_photo(vehicle uuid) returns jsonb
language sql stable as $$
  select vehicle_photo_json(p) from vehicle_photos p
   where p.vehicle_id = vehicle order by p.position, p.id limit 1
$$;

-- The catalogue's answers show the photos: a change drops them (migration 0008).
create trigger vehicle_photos_notify_catalogue_change
  after insert or update or delete or truncate on vehicle_photos
  for each statement execute function notify_catalogue_change();
