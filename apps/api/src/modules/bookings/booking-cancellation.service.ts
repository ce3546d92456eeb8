import { formatEuros } from '@vroum/core/money-format';
import { cancellationTerms, type CancellationQuote } from '@vroum/core/cancellation';
import { AppError, notFound } from '../../lib/app-error';
import { findCapturedRental } from './booking-money.repository';
import {
  findBookingState,
  markCancelRequested,
  type BookingStateRow,
} from './booking-lifecycle.repository';
import { changeBookingStatus } from './booking-lifecycle.service';
import { refundRental, type BookingOpsDeps } from './booking-money.service';

/** Why a booking cannot be cancelled by its customer now, or null when it can. */
function refusal(booking: BookingStateRow, now: Date): string | null {
  if (booking.booking_status !== 'pending' && booking.booking_status !== 'confirmed') {
    return 'Cette réservation ne peut plus être annulée.';
  }
  if (booking.pickup_date.getTime() <= now.getTime()) {
    return 'La location a commencé : elle ne peut plus être annulée en ligne. Contactez-nous.';
  }
  return null;
}

async function ownBooking(deps: BookingOpsDeps, userId: string, bookingId: string) {
  const booking = await findBookingState(deps.db, bookingId);
  // Another customer's booking is answered as missing: its existence is not theirs to learn.
  if (!booking || booking.user_id !== userId) {
    throw notFound('Réservation introuvable', 'booking_not_found');
  }
  return booking;
}

async function quoteFor(
  deps: BookingOpsDeps,
  booking: BookingStateRow,
  at: Date,
): Promise<CancellationQuote> {
  const paid = await findCapturedRental(deps.db, booking.id, deps.payments.name);
  const paidCents = paid?.amount_captured_cents ?? 0;
  const terms = cancellationTerms(
    booking.pickup_date,
    paidCents,
    paid?.amount_refunded_cents ?? 0,
    at,
  );
  const reason = refusal(booking, at);
  return {
    bookingId: booking.id,
    cancellable: reason === null,
    reason,
    paidCents,
    feeCents: terms.feeCents,
    refundCents: terms.refundCents,
    freeUntil: terms.freeUntil.toISOString(),
  };
}

/** What cancelling now would cost and give back, for the owner of the booking. */
export async function cancellationQuote(
  deps: BookingOpsDeps,
  userId: string,
  bookingId: string,
  now = new Date(),
): Promise<CancellationQuote> {
  return quoteFor(deps, await ownBooking(deps, userId, bookingId), now);
}

/**
 * The customer cancels their booking under the policy. The terms are fixed at the first request
 * (its instant is kept), so a retry after a failure refunds the same amount under the same key:
 * holds released, the refund made once, then the booking cancelled, which frees the car.
 */
export async function cancelByCustomer(
  deps: BookingOpsDeps,
  userId: string,
  bookingId: string,
): Promise<CancellationQuote> {
  const booking = await ownBooking(deps, userId, bookingId);
  if (booking.booking_status === 'cancelled') return quoteFor(deps, booking, new Date());
  const reason = refusal(booking, new Date());
  if (reason) throw new AppError('not_cancellable', reason, 409);
  const askedAt = await markCancelRequested(deps.db, bookingId);
  const quote = await quoteFor(deps, booking, askedAt);
  if (quote.refundCents > 0) {
    await refundRental(deps, {
      bookingId,
      actorUserId: userId,
      amountCents: quote.refundCents,
      key: `booking:${bookingId}:customer-cancel`,
      details: { reason: 'customer_cancellation', feeCents: quote.feeCents },
    });
  }
  await changeBookingStatus(deps, {
    bookingId,
    to: 'cancelled',
    actorUserId: userId,
    details: { by: 'customer', feeCents: quote.feeCents, refundCents: quote.refundCents },
    message:
      quote.refundCents > 0
        ? `Votre réservation est annulée. ${formatEuros(quote.refundCents)} vous sont remboursés sur votre carte sous 14 jours au plus, et la caution est libérée.`
        : 'Votre réservation est annulée. La caution retenue sur votre carte est libérée.',
  });
  return quote;
}
