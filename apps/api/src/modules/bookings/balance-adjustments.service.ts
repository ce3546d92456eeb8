import type { Queryable } from '../../db/client';
import { findCapturedRental, lockBalanceDue, reduceBalanceDue } from './booking-money.repository';
import { recordMovement, refundedOnPayment } from './money-ledger.repository';

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
 * What can still be refunded on the booking's captured rental payment with this provider (refunds
 * recorded on the payment or pending in the ledger deducted); 0 when there is none.
 */
export async function refundableOnRental(
  tx: Queryable,
  bookingId: string,
  provider: string,
): Promise<number> {
  const payment = await findCapturedRental(tx, bookingId, provider);
  return payment
    ? payment.amount_captured_cents -
        Math.max(payment.amount_refunded_cents, await refundedOnPayment(tx, payment.provider_ref))
    : 0;
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
