-- The devices each account has signed in from (decision 049), by their label (« Chrome sur
-- Windows »): sessions are deleted when they are signed out or revoked, so they cannot tell a new
-- device from one seen before. A sign-in from a label not listed here mails the account.
create table known_devices (
  user_id uuid not null references users (id) on delete cascade,
  device text not null,
  first_seen_at timestamptz not null default now(),
  primary key (user_id, device)
);
