-- What the return decision could not take (no saved card, or the card refused the charge): the
-- rental still ends, and the amount stays owed, shown to the team until it is settled.
alter table bookings add column balance_due_cents integer not null default 0
  check (balance_due_cents >= 0);
