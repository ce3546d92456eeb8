import { REFUNDABLE_KINDS, type RefundableKind } from '@vroum/core/refunds';
import type { Queryable } from '../../db/client';
import type { MovementRow } from './money-ledger.repository';

export interface RefundablePaymentRow {
  id: number;
  kind: RefundableKind;
  provider_ref: string;
  captured_cents: number;
  /** Refunds made or under way on its intent. */
  refunded_cents: number;
  note: string | null;
  created_at: Date;
}

/**
 * The booking's payments received by card from this processor, each with what was refunded or is
 * being refunded on its intent (by the ledger: pending refunds count), oldest first.
 */
export async function findRefundablePayments(
  db: Queryable,
  bookingId: string,
  provider: string,
): Promise<RefundablePaymentRow[]> {
  const { rows } = await db.query<RefundablePaymentRow>(
    `select p.id::int as id, p.kind, p.provider_ref, p.amount_cents as captured_cents,
        coalesce((select sum(r.amount_cents) from money_movements r
          where r.kind = 'rental_refund' and r.provider = p.provider
            and r.provider_ref = p.provider_ref), 0)::int as refunded_cents,
        p.note, p.created_at
       from money_movements p
      where p.booking_id = $1 and p.provider = $2 and p.state = 'done'
        and p.provider_ref is not null and p.kind = any($3::text[])
      order by p.id`,
    [bookingId, provider, REFUNDABLE_KINDS],
  );
  return rows;
}

/** The parts recorded for a refund request (its own key, or the parts keyed after it). */
export async function findRefundParts(db: Queryable, requestKey: string): Promise<MovementRow[]> {
  const { rows } = await db.query<MovementRow>(
    `select * from money_movements
      where kind = 'rental_refund' and (idempotency_key = $1 or request_key = $1) order by id`,
    [requestKey],
  );
  return rows;
}

/** What the booking received by card and what was given back of it, refunds under way aside. */
export async function findSettledRefundTotals(
  db: Queryable,
  bookingId: string,
): Promise<{ capturedCents: number; refundedCents: number }> {
  const { rows } = await db.query<{ capturedCents: number; refundedCents: number }>(
    `select coalesce(sum(amount_cents) filter (where kind = any($2::text[])), 0)::int as "capturedCents",
            coalesce(sum(amount_cents) filter (where kind = 'rental_refund'), 0)::int as "refundedCents"
       from money_movements where booking_id = $1 and state = 'done' and provider <> 'outside'`,
    [bookingId, REFUNDABLE_KINDS],
  );
  return rows[0]!;
}
