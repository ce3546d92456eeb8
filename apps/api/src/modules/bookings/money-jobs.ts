import type { BookingJobsDeps } from './booking-jobs';
import { completeRefund } from './refunds.service';
import { findHoldOf } from './booking-money.repository';
import { findAbandonedLatePayments } from './booking-jobs.repository';
import { findBookingForPayment, upsertPayment } from './bookings.repository';
import { completeDepositCapture } from './deposit-capture.service';
import { findStalePendingMovements } from './money-ledger.repository';
import { settleBookingPayment } from './payment-settlement';

/**
 * Movements asked of the processor whose answer was never recorded (the server stopped between
 * the two): asked again under the same key, which the processor answers once, then recorded.
 */
export async function settlePendingMovements(deps: BookingJobsDeps): Promise<number> {
  const ops = { db: deps.db, payments: deps.payments, site: deps.config.site, log: deps.log };
  const movements = await findStalePendingMovements(deps.db);
  for (const movement of movements) {
    const input = {
      bookingId: movement.booking_id,
      actorUserId: movement.actor_user_id,
      amountCents: movement.amount_cents,
      key: movement.idempotency_key,
    };
    try {
      if (movement.kind === 'rental_refund' && movement.provider_ref) {
        await completeRefund(ops, { ...input, providerRef: movement.provider_ref });
      } else if (movement.kind === 'deposit_capture' && movement.provider_ref) {
        const hold = await findHoldOf(deps.db, movement.provider_ref);
        if (hold) {
          await completeDepositCapture(ops, { ...input, reason: movement.note ?? '' }, hold);
        }
      }
    } catch (error) {
      deps.log.error({ err: error, key: movement.idempotency_key }, 'pending movement failed');
    }
  }
  return movements.length;
}

/**
 * A booking cancelled by its lapsed hold ten minutes ago whose payment is still open: a card
 * authorised meanwhile is settled (the booking revived, or the authorisation voided), and a
 * payment never made is cancelled, so nothing can be held on a card for a booking that is not.
 */
export async function settleLatePayments(deps: BookingJobsDeps): Promise<number> {
  const ids = await findAbandonedLatePayments(deps.db);
  for (const id of ids) {
    const booking = await findBookingForPayment(deps.db, id);
    if (!booking?.rental_intent_id) continue;
    const outcome = await settleBookingPayment(deps, booking);
    if (outcome.paymentStatus === 'succeeded' || outcome.bookingStatus !== 'cancelled') continue;
    const intent = await deps.payments.cancelIntent(
      booking.rental_intent_id,
      `booking:${id}:abandoned`,
    );
    // Paid at this very moment: settled as any late payment.
    if (intent.status === 'succeeded') await settleBookingPayment(deps, booking);
    else {
      await upsertPayment(deps.db, {
        bookingId: id,
        provider: deps.payments.name,
        providerRef: intent.id,
        kind: 'rental',
        amountCents: intent.amountCents,
        status: intent.status,
      });
    }
  }
  return ids.length;
}
