import type { Queryable } from '../../db/client';
import { lockBalanceDue, reduceBalanceDue } from './booking-money.repository';
import { recordMovement } from './money-ledger.repository';
import { refundablePayments } from './refunds.service';

// What a decision on a contested return does to the booking's money, in the deciding transaction:
// the balance and the ledger are this module's tables.

/** What the customer still owes on the booking, its row locked until the transaction ends. */
export async function lockBookingBalanceDue(
  tx: Queryable,
  bookingId: string,
): Promise<number | null> {
  return lockBalanceDue(tx, bookingId);
}

/**
 * What can still be refunded on the booking's payments received by card with this provider (the
 * rental, an extension, a card charge, a balance paid by card; refunds made or under way in the
 * ledger deducted); 0 when there is none.
 */
export async function refundableOnRental(
  tx: Queryable,
  bookingId: string,
  provider: string,
): Promise<number> {
  const payments = await refundablePayments(tx, bookingId, provider);
  return payments.reduce((sum, payment) => sum + payment.refundableCents, 0);
}

/**
 * Gives up part of what the customer owes: the balance due goes down and the ledger records a
 * 'charge_waived' movement paid 'outside', once per key.
 */
export async function waiveCharge(
  tx: Queryable,
  waiver: {
    bookingId: string;
    amountCents: number;
    key: string;
    actorUserId: string;
    note: string;
  },
): Promise<void> {
  await reduceBalanceDue(tx, waiver.bookingId, waiver.amountCents);
  await recordMovement(tx, { ...waiver, kind: 'charge_waived', provider: 'outside' });
}
