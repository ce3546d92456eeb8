-- Operations: the team's agents (drivers) who deliver and collect the cars, the missions they
-- are assigned, and the inspections they record at the handover and the return.
alter table user_roles drop constraint user_roles_role_check;
alter table user_roles add constraint user_roles_role_check check (role in ('admin', 'driver'));

alter table bookings
  add column delivery_agent_id uuid references users (id) on delete set null,
  add column return_agent_id uuid references users (id) on delete set null,
  add column delivery_status text not null default 'planned'
    check (delivery_status in ('planned', 'en_route', 'delivered')),
  add column return_status text not null default 'planned'
    check (return_status in ('planned', 'en_route', 'collected')),
  add column return_mode text not null default 'address'
    check (return_mode in ('address', 'agency'));
create index bookings_delivery_agent on bookings (delivery_agent_id) where delivery_agent_id is not null;
create index bookings_return_agent on bookings (return_agent_id) where return_agent_id is not null;

-- Photos of the car's state, sent one by one by the agent's phone; the id is chosen by the phone,
-- so a photo sent again after a network drop replaces itself instead of doubling.
create table inspection_photos (
  id uuid primary key,
  booking_id uuid not null references bookings (id) on delete cascade,
  kind text not null check (kind in ('handover', 'return')),
  storage_key text not null,
  content_type text not null,
  size_bytes integer not null check (size_bytes > 0),
  uploaded_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index inspection_photos_booking on inspection_photos (booking_id, kind);

-- One inspection per booking and moment, with the signed report kept as a sealed PDF.
create table inspections (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  kind text not null check (kind in ('handover', 'return')),
  agent_id uuid references users (id) on delete set null,
  odometer_km integer not null check (odometer_km >= 0),
  fuel_percent integer not null check (fuel_percent between 0 and 100),
  -- [{ "zone": "front-left", "note": "rayure", "photoIds": ["…"] }]
  damages jsonb not null default '[]'::jsonb,
  interior_note text not null default '',
  keys_count integer not null check (keys_count between 0 and 5),
  accessories jsonb not null default '[]'::jsonb,
  identity_checked boolean not null,
  at_agency boolean not null default false,
  signer_name text not null,
  report_key text not null,
  report_sha256 text not null,
  created_at timestamptz not null default now(),
  unique (booking_id, kind)
);
