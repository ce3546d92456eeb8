-- The return: what was charged at the return inspection, and the code a customer earns by
-- bringing the car back to the agency (a promotion that only its owner can use, once).
alter table inspections add column charges jsonb;
alter table inspections add column contest_until timestamptz;
alter table promotions add column user_id uuid references users (id) on delete cascade;
create index promotions_user on promotions (user_id) where user_id is not null;
