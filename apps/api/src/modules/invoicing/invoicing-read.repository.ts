import type { DocumentKind, DocumentLine, InvoicingDocumentSummary } from '@vroum/core/invoicing';
import type { Queryable } from '../../db/client';

/** An issued document as stored: everything its PDF and the exports print. */
export interface DocumentRow {
  id: string;
  kind: DocumentKind;
  number: string;
  booking_id: string;
  booking_reference: string;
  user_id: string | null;
  movement_id: number;
  corrects_number: string | null;
  issued_at: Date;
  seller: {
    legalName: string;
    legalForm: string;
    address: string;
    siren: string;
    siret: string;
    rcs: string;
    shareCapital: string;
    vatNumber: string;
  };
  customer: { name: string; address: string; email: string };
  service_from: Date;
  service_to: Date;
  lines: DocumentLine[];
  payment: { method: string | null; date: string | null; due: string | null };
  total_ht_cents: number;
  total_vat_cents: number;
  total_ttc_cents: number;
}

const SELECT_DOCUMENT = `select d.id, d.kind, d.number, d.booking_id, b.reference as booking_reference,
    b.user_id, d.movement_id::int as movement_id, c.number as corrects_number, d.issued_at,
    d.seller, d.customer, d.service_from, d.service_to, d.lines, d.payment, d.total_ht_cents,
    d.total_vat_cents, d.total_ttc_cents
  from invoicing_documents d join bookings b on b.id = d.booking_id
  left join invoicing_documents c on c.id = d.corrects_id`;

export async function findDocument(db: Queryable, id: string): Promise<DocumentRow | null> {
  const { rows } = await db.query<DocumentRow>(`${SELECT_DOCUMENT} where d.id = $1`, [id]);
  return rows[0] ?? null;
}

export const toSummary = (row: DocumentRow): InvoicingDocumentSummary => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  bookingId: row.booking_id,
  bookingReference: row.booking_reference,
  customerName: row.customer.name,
  issuedAt: row.issued_at.toISOString(),
  totalHtCents: row.total_ht_cents,
  totalVatCents: row.total_vat_cents,
  totalTtcCents: row.total_ttc_cents,
  correctsNumber: row.corrects_number,
});

/** The documents of one customer's booking (none for anyone else's), oldest first. */
export async function listOwnerDocuments(
  db: Queryable,
  userId: string,
  bookingId: string,
): Promise<DocumentRow[]> {
  const { rows } = await db.query<DocumentRow>(
    `${SELECT_DOCUMENT} where d.booking_id = $1 and b.user_id = $2 order by d.issued_at, d.number`,
    [bookingId, userId],
  );
  return rows;
}

/** Every document of a customer, newest first (the profile). */
export async function listCustomerDocuments(db: Queryable, userId: string): Promise<DocumentRow[]> {
  const { rows } = await db.query<DocumentRow>(
    `${SELECT_DOCUMENT} where b.user_id = $1 order by d.issued_at desc, d.number desc limit 500`,
    [userId],
  );
  return rows;
}

export interface DocumentFilter {
  /** Issued from this Paris day to that one, both included (YYYY-MM-DD). */
  from?: string;
  to?: string;
  number?: string;
  /** A booking's reference or id. */
  booking?: string;
  limit?: number;
  /** The console reads the latest first; the exports in issue order. */
  newestFirst?: boolean;
}

/** The console's list and the exports: issue order (the series' order within a type). */
export async function listDocuments(db: Queryable, filter: DocumentFilter): Promise<DocumentRow[]> {
  const { rows } = await db.query<DocumentRow>(
    `${SELECT_DOCUMENT}
      where ($1::date is null or d.issued_at >= $1::date::timestamp at time zone 'Europe/Paris')
        and ($2::date is null
          or d.issued_at < ($2::date + 1)::timestamp at time zone 'Europe/Paris')
        and ($3::text is null or d.number ilike '%' || $3 || '%')
        and ($4::text is null or b.reference ilike $4 || '%' or b.id::text = lower($4))
      order by ${filter.newestFirst ? 'd.issued_at desc, d.number desc' : 'd.issued_at, d.number'}
      limit $5`,
    [
      filter.from ?? null,
      filter.to ?? null,
      filter.number || null,
      filter.booking || null,
      filter.limit ?? 500,
    ],
  );
  return rows;
}

/** A payment received or given back, as the bank journal books it. */
export interface PaymentRow {
  id: number;
  kind: string;
  booking_id: string;
  booking_reference: string;
  user_id: string | null;
  customer_name: string;
  amount_cents: number;
  provider: string;
  provider_ref: string | null;
  moved_at: Date;
  /** The document of the same movement, when it has one (the sale it pays, the refund's note). */
  document_number: string | null;
}

/**
 * The movements of `kinds` done within the period (money received or paid back), from the Paris
 * day `from` to the day `to`, both included.
 */
export async function listPayments(
  db: Queryable,
  kinds: readonly string[],
  from: string,
  to: string,
): Promise<PaymentRow[]> {
  const { rows } = await db.query<PaymentRow>(
    `select m.id::int as id, m.kind, m.booking_id, b.reference as booking_reference, b.user_id,
        coalesce(nullif(trim(coalesce(b.driver_info->>'firstName', '') || ' ' ||
          coalesce(b.driver_info->>'lastName', '')), ''), u.name, 'Client') as customer_name,
        m.amount_cents, m.provider, m.provider_ref, coalesce(m.settled_at, m.created_at) as moved_at,
        d.number as document_number
       from money_movements m join bookings b on b.id = m.booking_id
       left join users u on u.id = b.user_id
       left join invoicing_documents d on d.movement_id = m.id
      where m.state = 'done' and m.amount_cents > 0 and m.kind = any($1::text[])
        and coalesce(m.settled_at, m.created_at) >= $2::date::timestamp at time zone 'Europe/Paris'
        and coalesce(m.settled_at, m.created_at)
          < ($3::date + 1)::timestamp at time zone 'Europe/Paris'
      order by coalesce(m.settled_at, m.created_at), m.id`,
    [kinds, from, to],
  );
  return rows;
}

/** Whether `userId` owns the booking (false when it does not exist). */
export async function ownsBooking(
  db: Queryable,
  userId: string,
  bookingId: string,
): Promise<boolean> {
  const { rows } = await db.query('select 1 from bookings where id = $1 and user_id = $2', [
    bookingId,
    userId,
  ]);
  return rows.length === 1;
}

export interface DocumentTotalsRow {
  kind: 'invoice' | 'credit_note';
  count: number;
  total_ttc_cents: number;
  total_ht_cents: number;
}

/** Each type's documents issued from the Paris day `from` to the day `to`, both included. */
export async function sumDocuments(
  db: Queryable,
  from: string,
  to: string,
): Promise<DocumentTotalsRow[]> {
  const { rows } = await db.query<DocumentTotalsRow>(
    `select kind, count(*)::int as count, sum(total_ttc_cents)::int as total_ttc_cents,
        sum(total_ht_cents)::int as total_ht_cents
       from invoicing_documents
      where issued_at >= $1::date::timestamp at time zone 'Europe/Paris'
        and issued_at < ($2::date + 1)::timestamp at time zone 'Europe/Paris'
      group by kind`,
    [from, to],
  );
  return rows;
}
