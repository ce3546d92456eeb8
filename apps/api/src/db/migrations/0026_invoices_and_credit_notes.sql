-- Invoices and credit notes (decision 039): one document per sale or refund of the ledger.

-- The last number given in each series ('F-2026', 'AV-2026'): a row updated in the issuing
-- transaction, so a rollback gives its number back and two issues wait for each other. Never a
-- sequence, which skips the numbers of failed transactions.
create table document_counters (
  series text primary key,
  last_number integer not null check (last_number > 0)
);

-- An issued document never changes: what it states is written once, with its number, and a
-- correction is a credit note that names the invoice it corrects.
create table invoicing_documents (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('invoice', 'credit_note')),
  series text not null,
  seq integer not null check (seq > 0),
  number text not null unique,
  booking_id uuid not null references bookings (id) on delete restrict,
  -- The ledger's movement the document follows: one document per movement.
  movement_id bigint not null unique references money_movements (id) on delete restrict,
  corrects_id uuid references invoicing_documents (id) on delete restrict,
  issued_at timestamptz not null,
  -- The parties, the service, the lines, the payment: as printed, snapshots of that moment.
  seller jsonb not null,
  customer jsonb not null,
  service_from timestamptz not null,
  service_to timestamptz not null,
  lines jsonb not null check (jsonb_typeof(lines) = 'array'),
  payment jsonb not null,
  total_ht_cents integer not null,
  total_vat_cents integer not null,
  total_ttc_cents integer not null check (total_ttc_cents > 0),
  unique (series, seq),
  check (total_ht_cents + total_vat_cents = total_ttc_cents),
  check ((kind = 'credit_note') = (corrects_id is not null))
);
create index invoicing_documents_booking_idx on invoicing_documents (booking_id, issued_at);
create index invoicing_documents_issued_idx on invoicing_documents (issued_at, number);

-- The PDF of a document, rendered once from the row and stored; its digest proves it unchanged.
create table invoicing_document_files (
  document_id uuid primary key references invoicing_documents (id) on delete restrict,
  storage_key text not null,
  sha256 text not null,
  created_at timestamptz not null default now()
);

-- The database itself refuses to change or remove an issued document or its file.
create function refuse_issued_document_change() returns trigger
  language plpgsql as $$
begin
  raise exception 'an issued invoicing document is never changed' using errcode = '55000';
end;
$$;
create trigger invoicing_documents_immutable
  before update or delete on invoicing_documents
  for each row execute function refuse_issued_document_change();
create trigger invoicing_document_files_immutable
  before update or delete on invoicing_document_files
  for each row execute function refuse_issued_document_change();
