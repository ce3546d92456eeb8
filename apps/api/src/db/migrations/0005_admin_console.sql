-- Administration console: indexes for the bookings list filters and search at
-- 10,000+ bookings, and for the reviews list. The list pages by (created_at, id) keyset.
create index bookings_created_id_idx on bookings (created_at desc, id desc);
-- "Bookings whose period meets [from, to]", whatever their status (the 0001 gist index only
-- covers the statuses that hold the car).
create index bookings_period_idx on bookings using gist (period);
-- Search by the beginning of a reference ('A1B2…') or of the customer's e-mail.
create index bookings_reference_prefix_idx on bookings (reference text_pattern_ops);
create index bookings_customer_email_idx on bookings (lower(customer_email) text_pattern_ops);
create index reviews_created_at_idx on reviews (created_at desc);
create index audit_log_created_at_idx on audit_log (created_at desc);
