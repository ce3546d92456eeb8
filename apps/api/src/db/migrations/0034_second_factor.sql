-- A second factor (decision 042): an authenticator app (TOTP, with single-use backup codes) or a
-- passkey (WebAuthn), better-auth's two-factor and passkey plugins mapped onto snake_case tables.
-- Staff must have one, and each session records whether its second factor was checked.
alter table users add column two_factor_enabled boolean not null default false;

create table two_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  -- The authenticator secret and the backup codes, encrypted with the app's secret.
  secret text not null,
  backup_codes text not null,
  verified boolean not null default true,
  failed_verification_count integer not null default 0,
  locked_until timestamptz
);
create unique index two_factors_user_id_key on two_factors (user_id);

create table passkeys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text,
  public_key text not null,
  credential_id text not null unique,
  counter integer not null default 0,
  device_type text not null,
  backed_up boolean not null default false,
  transports text,
  aaguid text,
  created_at timestamptz not null default now()
);
create index passkeys_user_id_idx on passkeys (user_id);

-- True once this session passed a second factor: signed in through one, or enrolled one.
alter table sessions add column second_factor_verified boolean not null default false;
