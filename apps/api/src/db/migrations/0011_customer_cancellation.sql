-- When the customer asked to cancel: the fee is computed from this instant, so that a retried
-- cancellation (after a crash or a network error) refunds exactly the same amount.
alter table bookings add column cancel_requested_at timestamptz;
