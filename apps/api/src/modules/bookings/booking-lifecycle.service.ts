import type { BookingStatus } from '@vroum/core/booking';
import {
  ADMIN_STATUS_EVENTS,
  nextBookingState,
  type BookingEvent,
} from '@vroum/core/booking-events';
import { canTransition, forbiddenTransitionMessage } from '@vroum/core/booking-lifecycle';
import { AppError, notFound } from '../../lib/app-error';
import { notifyCustomer } from '../notifications/notify-customer';
import { applyBookingEvent } from './booking-events.service';
import { findBookingState, stateOf, type BookingStateRow } from './booking-lifecycle.repository';
import { releaseHolds, type BookingOpsDeps } from './booking-money.service';
import { settleCapturedMeanwhile } from './payment-settlement';

export interface StatusChange {
  bookingId: string;
  to: BookingStatus;
  /** The event this move stands for: the administrator's move to `to` when omitted. */
  event?: BookingEvent;
  actorUserId: string;
  /** Recorded in the audit log with the change (who asked, fee, refund…). */
  details?: Record<string, unknown>;
  /** What the customer is told, when the default sentence for the new status is not enough. */
  message?: string;
}

const bookingNotFound = () => notFound('Réservation introuvable', 'booking_not_found');

const forbidden = (from: BookingStatus, to: BookingStatus) =>
  new AppError('invalid_transition', forbiddenTransitionMessage(from, to), 409, 'status');

/**
 * Moves a booking along its lifecycle through the gate (core's table of events decides what is
 * allowed). What the booking holds at the payment provider is released first (every
 * authorisation on cancellation, the deposit once the car is back), then the status, the audit
 * entry and the customer's notice are written together. Asking again for the status it already
 * has changes nothing.
 */
export async function changeBookingStatus(
  deps: BookingOpsDeps,
  change: StatusChange,
): Promise<void> {
  const { bookingId, to } = change;
  const state = await findBookingState(deps.db, bookingId);
  if (!state) throw bookingNotFound();
  if (state.booking_status === to) return;
  const event = change.event ?? ADMIN_STATUS_EVENTS[to];
  if (!event && !canTransition(state.booking_status, to)) throw forbidden(state.booking_status, to);
  if (!event) {
    throw new AppError(
      'invalid_transition',
      'Une réservation passe « En cours » par la remise du véhicule.',
      409,
      'status',
    );
  }
  if (!nextBookingState(stateOf(state), event)) throw forbidden(state.booking_status, to);
  if (to === 'cancelled') {
    const released = await releaseHolds(deps, bookingId, undefined, change.actorUserId);
    if (released.capturedMeanwhile) await settleCapturedMeanwhile(deps, bookingId);
  }
  if (to === 'completed') await releaseHolds(deps, bookingId, ['deposit'], change.actorUserId);

  const changed = await deps.db.transaction(async (tx) => {
    const outcome = await applyBookingEvent(tx, deps.site, {
      bookingId,
      event,
      actorUserId: change.actorUserId,
      details: change.details,
      notice: change.message ? { message: change.message } : undefined,
    });
    if (outcome.applied) return outcome.before;
    if (outcome.before.booking_status === to) return null;
    throw forbidden(outcome.before.booking_status, to);
  });
  if (changed && to === 'completed') await inviteReview(deps, changed);
}

/** After a completed rental, the customer is asked to rate the car (a verified review). */
async function inviteReview(deps: BookingOpsDeps, booking: BookingStateRow): Promise<void> {
  if (!booking.customer_email) return;
  await notifyCustomer(deps.db, deps.site, {
    userId: booking.user_id,
    email: booking.customer_email,
    dedupeKey: `review-invite:${booking.id}`,
    title: `Votre avis sur la ${booking.vehicle_name}`,
    message:
      'Notez le véhicule et racontez votre location : votre avis aide nos prochains clients.',
    link: `/reservation/${booking.id}`,
    linkLabel: 'Donner mon avis',
  });
}
