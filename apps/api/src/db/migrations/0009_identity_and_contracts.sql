-- Identity checks and e-signed contracts: the steps between payment and handover.

-- The built-in identity check reads both sides of the driving licence and a selfie.
alter table documents drop constraint documents_document_type_check;
alter table documents add constraint documents_document_type_check
  check (document_type in ('id_card', 'driver_license', 'proof_of_address', 'selfie'));
alter table documents add column side text check (side in ('front', 'back'));
create index documents_user_type_idx on documents (user_id, document_type, uploaded_at desc);

alter table identity_checks
  add column license_number text,
  add column license_issue_date date,
  -- A validated identity is reused for the next bookings until its document expires.
  add column document_expiry_date date,
  -- The documents the team reviewed (ids), frozen at submission.
  add column document_ids jsonb not null default '[]'::jsonb,
  add column verified_outputs jsonb,
  add column rejection_code text,
  add column rejection_reason text,
  add column reviewed_by uuid references users (id) on delete set null,
  add column submitted_at timestamptz,
  add column reviewed_at timestamptz,
  add column redacted_at timestamptz;
create index identity_checks_queue_idx on identity_checks (status, submitted_at)
  where status = 'processing';
create unique index identity_checks_provider_ref_idx on identity_checks (provider, provider_ref)
  where provider_ref is not null;

-- Webhooks of the identity and signature providers, de-duplicated on their event id.
create table provider_events (
  provider text not null,
  event_id text not null,
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);

-- A booking's contract has versions: a change to the rental's terms makes a new one to sign.
alter table contracts drop constraint contracts_booking_id_key;
alter table contracts
  add column version integer not null default 1,
  -- Hash of the booking's terms the version was generated from: a change makes a new version.
  add column terms_hash text not null default '',
  add column signed_sha256 text,
  add column signer_name text,
  add column signature_proof jsonb,
  -- The hosted provider's signing page for the signer (Yousign's signature link).
  add column signing_url text;
alter table contracts add constraint contracts_booking_version_key unique (booking_id, version);

-- The 6-digit codes sent by e-mail to confirm a built-in signature (hashed, short-lived).
create table contract_signing_codes (
  contract_id uuid primary key references contracts (id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now()
);

-- Reminders and the operations flag are sent once per booking and kind.
alter table bookings add column steps_flagged_at timestamptz;
