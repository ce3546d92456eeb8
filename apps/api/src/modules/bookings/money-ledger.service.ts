import {
  ledgerTotals,
  type BookingLedger,
  type ReconciliationDifference,
} from '@vroum/core/ledger';
import type { Queryable } from '../../db/client';
import { findBalancesDue, findLedger, sumMovementsByKind } from './money-ledger.repository';
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

/**
 * What the ledger moved in a period of Paris days: received from customers, refunded, and owed
 * sums given up. The kinds are the ones `ledgerTotals` adds up for a booking.
 */
export async function ledgerMovedIn(db: Queryable, period: { from: string; to: string }) {
  const rows = await sumMovementsByKind(db, period.from, period.to);
  const done = rows.map((row) => ({
    kind: row.kind,
    amountCents: row.cents,
    state: 'done' as const,
  }));
  const totals = ledgerTotals(done);
  return {
    receivedCents: totals.paidCents,
    refundedCents: totals.refundedCents,
    waivedCents: done
      .filter((row) => row.kind === 'charge_waived')
      .reduce((sum, row) => sum + row.amountCents, 0),
  };
}

/** The bookings whose customer still owes money (the largest first), with their count and sum. */
export async function balancesDue(db: Queryable, limit: number) {
  const rows = await findBalancesDue(db, limit);
  return {
    count: rows[0]?.total_count ?? 0,
    totalCents: rows[0]?.total_cents ?? 0,
    items: rows.map((row) => ({
      bookingId: row.booking_id,
      reference: row.reference,
      customerName: row.customer_name,
      dueCents: row.due_cents,
    })),
  };
}
