import type { BookingStatus } from './booking';
import { BOOKING_STATUS_LABELS } from './booking-status';

/**
 * The one lifecycle of a booking: paid (pending → confirmed), handed over (→ active), returned
 * (→ completed); cancelled from pending or confirmed only. Completed and cancelled are final.
 * The server refuses every other move; pages offer only these.
 */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['active', 'cancelled'],
  active: ['completed'],
  completed: [],
  cancelled: [],
};

export const canTransition = (from: BookingStatus, to: BookingStatus): boolean =>
  BOOKING_TRANSITIONS[from].includes(to);

/** The message for a move the lifecycle does not allow. */
export const forbiddenTransitionMessage = (from: BookingStatus, to: BookingStatus): string =>
  `Une réservation « ${BOOKING_STATUS_LABELS[from]} » ne peut pas passer à « ${BOOKING_STATUS_LABELS[to]} ».`;

/**
 * The moves an administrator makes from the status selector: confirming, cancelling, and closing
 * a rental that is under way. 'active' is reached by the handover only, never from the selector.
 */
export function adminStatusMoves(from: BookingStatus): BookingStatus[] {
  return BOOKING_TRANSITIONS[from].filter((to) => to !== 'active');
}
