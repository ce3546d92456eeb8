import {
  ledgerTotals,
  type BookingLedger,
  type ReconciliationDifference,
} from '@vroum/core/ledger';
import type { Queryable } from '../../db/client';
import { findLedger } from './money-ledger.repository';
import { findOpenDifferences } from './reconciliation.repository';

/** A booking's movements of money, oldest first, and the balances summed from them. */
export async function bookingLedger(db: Queryable, bookingId: string): Promise<BookingLedger> {
  const movements = (await findLedger(db, bookingId)).map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    amountCents: row.amount_cents,
    state: row.state,
    provider: row.provider,
    providerRef: row.provider_ref,
    note: row.note,
    createdAt: row.created_at.toISOString(),
  }));
  return { bookingId, movements, totals: ledgerTotals(movements) };
}

/** What the reconciliation found different and not yet in agreement again. */
export async function openDifferences(db: Queryable): Promise<ReconciliationDifference[]> {
  return (await findOpenDifferences(db)).map((row) => ({
    id: Number(row.id),
    bookingId: row.booking_id,
    reference: row.reference,
    provider: row.provider,
    providerRef: row.provider_ref,
    measure: row.measure,
    ledgerCents: row.ledger_cents,
    processorCents: row.processor_cents,
    detectedAt: row.detected_at.toISOString(),
    checkedAt: row.checked_at.toISOString(),
  }));
}
