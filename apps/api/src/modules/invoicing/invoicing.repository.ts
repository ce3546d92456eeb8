import type { DocumentKind, DocumentLine } from '@vroum/core/invoicing';
import type { Queryable } from '../../db/client';

/** A movement of the ledger waiting for its document. */
export interface MovementToDocument {
  id: number;
  booking_id: string;
  kind: string;
  amount_cents: number;
  provider: string;
  provider_ref: string | null;
  note: string | null;
  /** The processor's key: a dispute's refund is keyed 'dispute:…'. */
  idempotency_key: string;
  /** A refund: the ledger movement of the payment it gives back. */
  refunds_movement_id: number | null;
  /** When the money moved (settled, or recorded when it was done at once). */
  moved_at: Date;
}

/**
 * Movements of the kinds that make a document, done, with an amount, and without their document
 * yet, oldest first: a refund comes after the sale it corrects.
 */
export async function findMovementsWithoutDocument(
  db: Queryable,
  kinds: readonly string[],
  limit = 50,
): Promise<MovementToDocument[]> {
  const { rows } = await db.query<MovementToDocument>(
    `select m.id::int as id, m.booking_id, m.kind, m.amount_cents, m.provider, m.provider_ref,
        m.note, m.idempotency_key, m.refunds_movement_id::int as refunds_movement_id,
        coalesce(m.settled_at, m.created_at) as moved_at
       from money_movements m
      where m.state = 'done' and m.amount_cents > 0 and m.kind = any($1::text[])
        and not exists (select 1 from invoicing_documents d where d.movement_id = m.id)
      order by m.id limit $2`,
    [kinds, limit],
  );
  return rows;
}

/**
 * Locks the movement for the issuing transaction (two issuers of one movement wait for each
 * other) and answers it, or null when it is gone, not done, or already has its document.
 */
export async function lockMovementWithoutDocument(
  tx: Queryable,
  movementId: number,
): Promise<MovementToDocument | null> {
  const { rows } = await tx.query<MovementToDocument>(
    `select m.id::int as id, m.booking_id, m.kind, m.amount_cents, m.provider, m.provider_ref,
        m.note, m.idempotency_key, m.refunds_movement_id::int as refunds_movement_id,
        coalesce(m.settled_at, m.created_at) as moved_at
       from money_movements m where m.id = $1 and m.state = 'done' for update`,
    [movementId],
  );
  const movement = rows[0];
  if (!movement) return null;
  const { rows: issued } = await tx.query(
    'select 1 from invoicing_documents where movement_id = $1',
    [movementId],
  );
  return issued.length === 0 ? movement : null;
}

/**
 * The next number of `prefix`'s series for the current year, from the series' counter row,
 * updated in the caller's transaction: a rollback gives the number back, and a concurrent issue
 * waits for this one to end. The issue instant is read once the counter is held, so numbers and
 * dates follow the same order.
 */
export async function allocateDocumentNumber(
  tx: Queryable,
  prefix: string,
): Promise<{ series: string; seq: number; issuedAt: Date }> {
  const { rows } = await tx.query<{ series: string; seq: number; issued_at: Date }>(
    `insert into document_counters (series, last_number)
       values ($1 || '-' || to_char(clock_timestamp() at time zone 'Europe/Paris', 'YYYY'), 1)
     on conflict (series) do update set last_number = document_counters.last_number + 1
     returning series, last_number as seq, clock_timestamp() as issued_at`,
    [prefix],
  );
  const row = rows[0]!;
  return { series: row.series, seq: row.seq, issuedAt: row.issued_at };
}

export interface NewDocument {
  kind: DocumentKind;
  series: string;
  seq: number;
  number: string;
  bookingId: string;
  movementId: number;
  correctsId: string | null;
  issuedAt: Date;
  seller: unknown;
  customer: unknown;
  serviceFrom: Date;
  serviceTo: Date;
  lines: DocumentLine[];
  payment: unknown;
  totalHtCents: number;
  totalVatCents: number;
  totalTtcCents: number;
}

export async function insertDocument(tx: Queryable, doc: NewDocument): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into invoicing_documents (kind, series, seq, number, booking_id, movement_id,
       corrects_id, issued_at, seller, customer, service_from, service_to, lines, payment,
       total_ht_cents, total_vat_cents, total_ttc_cents)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     returning id`,
    [
      doc.kind,
      doc.series,
      doc.seq,
      doc.number,
      doc.bookingId,
      doc.movementId,
      doc.correctsId,
      doc.issuedAt,
      JSON.stringify(doc.seller),
      JSON.stringify(doc.customer),
      doc.serviceFrom,
      doc.serviceTo,
      JSON.stringify(doc.lines),
      JSON.stringify(doc.payment),
      doc.totalHtCents,
      doc.totalVatCents,
      doc.totalTtcCents,
    ],
  );
  return rows[0]!.id;
}

export interface BookingInvoiceRow {
  id: string;
  number: string;
  /** The ledger movement the invoice follows. */
  movement_id: number;
  movement_kind: string;
  provider_ref: string | null;
  lines: DocumentLine[];
  total_ttc_cents: number;
  credited_cents: number;
}

/** The invoices of a booking, oldest first, with what credit notes already took back on each. */
export async function findBookingInvoices(
  db: Queryable,
  bookingId: string,
): Promise<BookingInvoiceRow[]> {
  const { rows } = await db.query<BookingInvoiceRow>(
    `select d.id, d.number, d.movement_id::int as movement_id, m.kind as movement_kind,
        m.provider_ref, d.lines, d.total_ttc_cents,
        coalesce((select sum(c.total_ttc_cents) from invoicing_documents c
          where c.corrects_id = d.id), 0)::int as credited_cents
       from invoicing_documents d join money_movements m on m.id = d.movement_id
      where d.booking_id = $1 and d.kind = 'invoice' order by d.seq`,
    [bookingId],
  );
  return rows;
}

/** What the invoices of `kinds` already cover of a booking, including VAT. */
export async function invoicedOfKinds(
  db: Queryable,
  bookingId: string,
  kinds: readonly string[],
): Promise<number> {
  const { rows } = await db.query<{ cents: number }>(
    `select coalesce(sum(d.total_ttc_cents), 0)::int as cents
       from invoicing_documents d join money_movements m on m.id = d.movement_id
      where d.booking_id = $1 and d.kind = 'invoice' and m.kind = any($2::text[])`,
    [bookingId, kinds],
  );
  return rows[0]?.cents ?? 0;
}

export interface StoredFile {
  storage_key: string;
  sha256: string;
}

export async function findDocumentFile(
  db: Queryable,
  documentId: string,
): Promise<StoredFile | null> {
  const { rows } = await db.query<StoredFile>(
    'select storage_key, sha256 from invoicing_document_files where document_id = $1',
    [documentId],
  );
  return rows[0] ?? null;
}

/** Records the document's PDF once; false when another rendering was recorded first. */
export async function insertDocumentFile(
  db: Queryable,
  documentId: string,
  file: StoredFile,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into invoicing_document_files (document_id, storage_key, sha256) values ($1, $2, $3)
     on conflict (document_id) do nothing`,
    [documentId, file.storage_key, file.sha256],
  );
  return rowCount === 1;
}
