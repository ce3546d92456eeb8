-- The whole schema: the product's tables and what a real system adds (holds, payments, outbox,
-- audit). Money is integer cents; rental periods are tstzrange.
create extension if not exists btree_gist;

-- Auth (better-auth models, mapped to snake_case tables) ---------------------------------------
create table users (
  id uuid primary key default gen_random_uuid(),
  name text not null default '',
  email text not null,
  email_verified boolean not null default false,
  image text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token text not null unique,
  expires_at timestamptz not null,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sessions_user_id_idx on sessions (user_id);

create table accounts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  account_id text not null,
  provider_id text not null,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  scope text,
  password text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider_id, account_id)
);
create index accounts_user_id_idx on accounts (user_id);

create table verifications (
  id uuid primary key default gen_random_uuid(),
  identifier text not null,
  value text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index verifications_identifier_idx on verifications (identifier);

create table user_roles (
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('admin')),
  created_at timestamptz not null default now(),
  primary key (user_id, role)
);

create table profiles (
  user_id uuid primary key references users (id) on delete cascade,
  first_name text,
  last_name text,
  email text,
  phone text,
  date_of_birth date,
  address text,
  city text,
  postal_code text,
  country text not null default 'FR',
  account_status text not null default 'pending'
    check (account_status in ('pending', 'validated', 'rejected')),
  rejection_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index profiles_created_at_idx on profiles (created_at desc);

-- Catalogue ----------------------------------------------------------------------------------
create table vehicles (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (length(name) between 1 and 120),
  brand text not null default '',
  category text not null default 'Standard'
    check (category in ('Standard', 'Premium', 'Luxe', 'Super Cars')),
  body_type text not null default 'berline'
    check (body_type in ('citadine', 'berline', 'suv', 'monospace', 'sportive')),
  energy text not null default 'essence'
    check (energy in ('essence', 'diesel', 'hybride', 'electrique')),
  image_url text not null,
  price_per_day_cents integer not null check (price_per_day_cents > 0),
  deposit_cents integer not null check (deposit_cents >= 0),
  description text,
  is_available boolean not null default true,
  is_supercar boolean not null default false,
  daily_km_limit integer check (daily_km_limit > 0),
  features jsonb not null default '{}'::jsonb check (jsonb_typeof(features) = 'object'),
  specs jsonb check (specs is null or jsonb_typeof(specs) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index vehicles_category_idx on vehicles (category, price_per_day_cents) where is_available;

create table favorites (
  user_id uuid not null references users (id) on delete cascade,
  vehicle_id uuid not null references vehicles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, vehicle_id)
);

create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  title text not null,
  message text not null,
  link text,
  is_read boolean not null default false,
  created_at timestamptz not null default now()
);
create index notifications_user_idx on notifications (user_id, created_at desc);

create table documents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  document_type text not null check (document_type in ('id_card', 'driver_license', 'proof_of_address')),
  file_name text not null,
  -- Key in the storage port (never a public URL): {userId}/{documentType}_{timestamp}.{ext}
  storage_key text not null unique,
  content_type text not null check (content_type in ('application/pdf', 'image/jpeg', 'image/png')),
  size_bytes integer not null check (size_bytes > 0 and size_bytes <= 5242880),
  verified boolean not null default false,
  uploaded_at timestamptz not null default now()
);
create index documents_user_idx on documents (user_id, uploaded_at desc);

create table promotions (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code = upper(code) and length(code) between 3 and 40),
  description text not null,
  discount_type text not null default 'percentage' check (discount_type in ('percentage', 'fixed')),
  -- Percentage in hundredths of a percent (1050 = 10.50 %), or a fixed amount in cents.
  discount_value integer not null check (discount_value > 0),
  valid_from timestamptz not null,
  valid_until timestamptz not null,
  max_uses integer check (max_uses > 0),
  current_uses integer not null default 0 check (current_uses >= 0),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (valid_until > valid_from),
  check (discount_type <> 'percentage' or discount_value <= 10000),
  check (max_uses is null or current_uses <= max_uses)
);

-- Bookings -----------------------------------------------------------------------------------
create table bookings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users (id) on delete set null,
  vehicle_id uuid not null references vehicles (id) on delete restrict,
  pickup_date timestamptz not null,
  return_date timestamptz not null,
  period tstzrange generated always as (tstzrange(pickup_date, return_date, '[)')) stored,
  pickup_location text not null,
  return_location text not null,
  with_driver boolean not null default false,
  unlimited_km boolean not null default false,
  protection_plan text not null default 'none'
    check (protection_plan in ('complete', 'intermediate', 'basic', 'none')),
  options jsonb not null default '[]'::jsonb check (jsonb_typeof(options) = 'array'),
  driver_info jsonb,
  promotion_id uuid references promotions (id) on delete set null,
  base_price_cents integer not null check (base_price_cents >= 0),
  protection_cost_cents integer not null default 0 check (protection_cost_cents >= 0),
  options_cost_cents integer not null default 0 check (options_cost_cents >= 0),
  chauffeur_cost_cents integer not null default 0 check (chauffeur_cost_cents >= 0),
  unlimited_km_cost_cents integer not null default 0 check (unlimited_km_cost_cents >= 0),
  delivery_fee_cents integer not null default 0 check (delivery_fee_cents >= 0),
  discount_cents integer not null default 0 check (discount_cents >= 0),
  total_price_cents integer not null check (total_price_cents >= 0),
  deposit_amount_cents integer not null check (deposit_amount_cents >= 0),
  special_requests text,
  booking_status text not null default 'pending'
    check (booking_status in ('pending', 'confirmed', 'active', 'completed', 'cancelled')),
  payment_status text not null default 'pending'
    check (payment_status in ('pending', 'succeeded', 'failed', 'refunded')),
  -- A pending booking holds the car until this instant; a job cancels it afterwards.
  hold_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (return_date > pickup_date),
  -- The database itself refuses two bookings of one car that overlap while they hold it.
  constraint bookings_no_overlap exclude using gist (vehicle_id with =, period with &&)
    where (booking_status in ('pending', 'confirmed', 'active'))
);
create index bookings_user_idx on bookings (user_id, created_at desc);
create index bookings_created_at_idx on bookings (created_at desc);
create index bookings_status_idx on bookings (booking_status, created_at desc);
-- Leads with the period so "which cars are busy during [a, b)" does not scan every vehicle.
create index bookings_busy_period_idx on bookings using gist (period, vehicle_id)
  where (booking_status in ('pending', 'confirmed', 'active'));

create table payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete restrict,
  provider text not null,
  provider_ref text not null,
  kind text not null check (kind in ('rental', 'deposit')),
  amount_cents integer not null check (amount_cents >= 0),
  amount_captured_cents integer not null default 0,
  amount_refunded_cents integer not null default 0,
  currency text not null default 'eur',
  status text not null,
  status_history jsonb not null default '[]'::jsonb,
  capture_before timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider, provider_ref)
);
create index payments_booking_idx on payments (booking_id);

create table payment_events (
  provider text not null,
  event_id text not null,
  type text not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  primary key (provider, event_id)
);

create table idempotency_keys (
  key text not null,
  scope text not null,
  request_hash text not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);

create table identity_checks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  booking_id uuid references bookings (id) on delete set null,
  provider text not null,
  provider_ref text,
  status text not null default 'requires_input'
    check (status in ('requires_input', 'processing', 'verified', 'canceled', 'rejected')),
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index identity_checks_user_idx on identity_checks (user_id);

create table contracts (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null unique references bookings (id) on delete restrict,
  provider text not null,
  provider_ref text,
  status text not null default 'draft'
    check (status in ('draft', 'sent', 'signed', 'declined', 'cancelled')),
  document_key text,
  signed_document_key text,
  document_sha256 text,
  signed_at timestamptz,
  audit_trail jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table reviews (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users (id) on delete set null,
  vehicle_id uuid not null references vehicles (id) on delete cascade,
  booking_id uuid references bookings (id) on delete set null,
  rating integer not null check (rating between 1 and 5),
  comment text not null default '',
  is_published boolean not null default false,
  is_verified boolean not null default false,
  created_at timestamptz not null default now()
);
create index reviews_vehicle_idx on reviews (vehicle_id, created_at desc) where is_published;

-- Operations ---------------------------------------------------------------------------------
create table email_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  html text not null,
  text text not null,
  template text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index email_outbox_due_idx on email_outbox (next_attempt_at) where status = 'pending';

create table audit_log (
  id bigint generated always as identity primary key,
  actor_user_id uuid references users (id) on delete set null,
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_entity_idx on audit_log (entity, entity_id, created_at desc);
