-- The customer's data rights, and the retention of identity images and inspection photos.

-- A deleted account's decided disputes stay with their booking (the decision moved money and is
-- part of the accounting record), detached from the login that is gone.
alter table return_disputes alter column user_id drop not null;
alter table return_disputes drop constraint return_disputes_user_id_fkey;
alter table return_disputes add constraint return_disputes_user_id_fkey
  foreign key (user_id) references users (id) on delete set null;

-- The sealed report of an inspection stays; its separate photos are deleted when their retention
-- ends, and the inspection records when, so the report's photo ids read as deleted, not lost.
alter table inspections add column photos_deleted_at timestamptz;
-- Photos taken during a mission that never reached its report have no inspection to mark.
