-- When each session was last used (to the minute): shown in the profile's list of sessions, and
-- the staff's sessions end after 30 minutes without use.
alter table sessions add column last_seen_at timestamptz not null default now();
