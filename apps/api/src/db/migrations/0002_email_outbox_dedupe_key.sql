-- A mail that must be sent at most once (the welcome mail of an account) carries a key; the
-- unique index makes a second enqueue with the same key a no-op, even from concurrent requests.
alter table email_outbox add column dedupe_key text;
create unique index email_outbox_dedupe_key_idx on email_outbox (dedupe_key);
