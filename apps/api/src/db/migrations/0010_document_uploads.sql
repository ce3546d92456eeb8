-- Every document upload a user starts, kept a day: the per-user upload rate is counted here, in
-- the database, so that it holds across restarts and instances.
create table document_uploads (
  user_id uuid not null references users (id) on delete cascade,
  started_at timestamptz not null default now()
);
create index document_uploads_user_started on document_uploads (user_id, started_at);
