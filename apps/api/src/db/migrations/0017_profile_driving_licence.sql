-- The driving licence, kept with the profile when the customer asks checkout to remember the
-- driver, so the next checkout is prefilled whole.
alter table profiles add column license_number text;
alter table profiles add column license_issue_date date;
alter table profiles add column license_country text;
