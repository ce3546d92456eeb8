-- Collecting the car at another address than the delivery's is priced by the delivery's rule on
-- that address, as its own line of the quote; 0 when the car is collected where it was delivered.
alter table bookings add column return_fee_cents integer not null default 0
  check (return_fee_cents >= 0);
