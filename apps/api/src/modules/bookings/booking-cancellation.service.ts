import { formatEuros } from '@vroum/core/money-format';
import { cancellationTerms, type CancellationQuote } from '@vroum/core/cancellation';
import { AppError, notFound } from '../../lib/app-error';
import { applyBookingEvent } from './booking-events.service';
import {
  findBookingState,
  findCancelRequest,
  lockBookingState,
  markCancelRequested,
  type BookingStateRow,
} from './booking-lifecycle.repository';
import type { Queryable } from '../../db/client';
import { releaseHolds, type BookingOpsDeps } from './booking-money.service';
import { settleCapturedMeanwhile } from './payment-settlement';
import {
  completeRefundParts,
  pendingRefundParts,
  refundablePayments,
  reserveRefund,
} from './refunds.service';

/** What the customer paid by card for the booking (rental and extensions) and what came back. */
interface Paid {
  capturedCents: number;
  /** Refunds made or under way. */
  refundedCents: number;
}

async function paidFor(db: Queryable, deps: BookingOpsDeps, bookingId: string): Promise<Paid> {
  const payments = await refundablePayments(db, bookingId, deps.payments.name);
  return {
    capturedCents: payments.reduce((sum, payment) => sum + payment.capturedCents, 0),
    refundedCents: payments.reduce((sum, payment) => sum + payment.refundedCents, 0),
  };
}

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

function quoteFor(booking: BookingStateRow, paid: Paid, at: Date): CancellationQuote {
  const paidCents = paid.capturedCents;
  const terms = cancellationTerms(booking.pickup_date, paidCents, paid.refundedCents, at);
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
  const booking = await ownBooking(deps, userId, bookingId);
  return quoteFor(booking, await paidFor(deps.db, deps, bookingId), now);
}

const refundMessage = (quote: CancellationQuote) =>
  quote.refundCents > 0
    ? `Votre réservation est annulée. ${formatEuros(quote.refundCents)} vous sont remboursés sur votre carte sous 14 jours au plus, et la caution est libérée.`
    : 'Votre réservation est annulée. La caution retenue sur votre carte est libérée.';

/**
 * A booking whose hold lapsed while the customer was paying is already cancelled, but its late
 * payment could still revive it: the customer's cancellation withdraws it for good (the cause
 * becomes the customer's, under the booking's lock, so a capture arriving now is voided or given
 * back), then releases its authorisation. A late payment that revived it first leaves it
 * confirmed: the caller then cancels it under the policy. Answers the booking as it now is.
 */
async function withdrawLapsedHold(
  deps: BookingOpsDeps,
  userId: string,
  bookingId: string,
): Promise<BookingStateRow> {
  const outcome = await deps.db.transaction((tx) =>
    applyBookingEvent(tx, deps.site, {
      bookingId,
      event: 'lapsed_hold_withdrawn',
      actorUserId: userId,
      details: { by: 'customer' },
      notice: { message: 'Votre réservation est annulée. Aucun montant ne vous est débité.' },
    }),
  );
  if (outcome.applied) {
    const released = await releaseHolds(deps, bookingId, undefined, userId);
    if (released.capturedMeanwhile) await settleCapturedMeanwhile(deps, bookingId);
  }
  return (await findBookingState(deps.db, bookingId))!;
}

/**
 * The customer cancels their booking under the policy. The terms are fixed at the first request
 * (its instant is kept). What the booking holds uncaptured at the processor is released first, so
 * no capture can land afterwards; then, under the booking's lock, the refund is computed from
 * what the ledger says was paid (the rental and its extensions), the booking cancelled through
 * the gate and the refund reserved in the ledger, split over those payments, together. A payment
 * captured after that is given back whole by its settlement; one captured before is in the
 * ledger and refunded here: never both, never neither. The processor is asked last, under fixed
 * keys, and a retry completes a refund left pending.
 */
export async function cancelByCustomer(
  deps: BookingOpsDeps,
  userId: string,
  bookingId: string,
): Promise<CancellationQuote> {
  const key = `booking:${bookingId}:customer-cancel`;
  let booking = await ownBooking(deps, userId, bookingId);
  if (booking.cancellation_cause === 'hold_lapsed') {
    booking = await withdrawLapsedHold(deps, userId, bookingId);
  }
  if (booking.booking_status !== 'cancelled') {
    const reason = refusal(booking, new Date());
    if (reason) throw new AppError('not_cancellable', reason, 409);
    const askedAt = await markCancelRequested(deps.db, bookingId);
    const released = await releaseHolds(deps, bookingId, undefined, userId);
    if (released.capturedMeanwhile) await settleCapturedMeanwhile(deps, bookingId);
    await deps.db.transaction(async (tx) => {
      const locked = (await lockBookingState(tx, bookingId))!;
      const paid = await paidFor(tx, deps, bookingId);
      const quote = quoteFor(locked, paid, askedAt);
      const outcome = await applyBookingEvent(tx, deps.site, {
        bookingId,
        event: 'customer_cancelled',
        actorUserId: userId,
        details: { by: 'customer', feeCents: quote.feeCents, refundCents: quote.refundCents },
        notice: { message: refundMessage(quote) },
      });
      if (!outcome.applied) {
        if (outcome.before.booking_status === 'cancelled') return;
        throw new AppError('not_cancellable', 'Cette réservation ne peut plus être annulée.', 409);
      }
      // Split over the rental and its extensions, the latest payment first (refundOrder).
      if (quote.refundCents > 0) {
        await reserveRefund(tx, deps, {
          bookingId,
          actorUserId: userId,
          amountCents: quote.refundCents,
          key,
        });
      }
    });
  }
  await completeRefundParts(
    deps,
    { bookingId, actorUserId: userId, details: { reason: 'customer_cancellation' } },
    await pendingRefundParts(deps.db, key),
  );
  const after = (await findBookingState(deps.db, bookingId))!;
  const paid = await paidFor(deps.db, deps, bookingId);
  const cancelledAt =
    after.booking_status === 'cancelled' ? await findCancelRequest(deps.db, bookingId) : null;
  return quoteFor(after, paid, cancelledAt ?? new Date());
}
