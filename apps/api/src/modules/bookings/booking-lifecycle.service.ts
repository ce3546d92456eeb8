import type { BookingStatus } from '@vroum/core/booking';
import { canTransition, forbiddenTransitionMessage } from '@vroum/core/booking-lifecycle';
import { AppError, notFound } from '../../lib/app-error';
import { writeAudit } from '../admin/audit.repository';
import { notifyCustomer } from '../notifications/notify-customer';
import {
  findBookingState,
  lockBookingState,
  writeBookingStatus,
  type BookingStateRow,
} from './booking-lifecycle.repository';
import { releaseHolds, type BookingOpsDeps } from './booking-money.service';

export interface StatusChange {
  bookingId: string;
  to: BookingStatus;
  actorUserId: string;
  /** Recorded in the audit log with the change (who asked, fee, refund…). */
  details?: Record<string, unknown>;
  /** What the customer is told, when the default sentence for the new status is not enough. */
  message?: string;
}

const bookingNotFound = () => notFound('Réservation introuvable', 'booking_not_found');

function refuseForbidden(from: BookingStatus, to: BookingStatus): void {
  if (from !== to && !canTransition(from, to)) {
    throw new AppError('invalid_transition', forbiddenTransitionMessage(from, to), 409, 'status');
  }
}

/**
 * Moves a booking along its lifecycle (core's table of transitions decides what is allowed).
 * What the booking holds at the payment provider is released first (every authorisation on
 * cancellation, the deposit once the car is back), then the status, the audit entry and the
 * customer's notice. Asking again for the status it already has changes nothing.
 */
export async function changeBookingStatus(
  deps: BookingOpsDeps,
  change: StatusChange,
): Promise<void> {
  const { bookingId, to } = change;
  const state = await findBookingState(deps.db, bookingId);
  if (!state) throw bookingNotFound();
  if (state.booking_status === to) return;
  refuseForbidden(state.booking_status, to);
  if (to === 'active') {
    throw new AppError(
      'invalid_transition',
      'Une réservation passe « En cours » par la remise du véhicule.',
      409,
      'status',
    );
  }
  if (to === 'cancelled') await releaseHolds(deps, bookingId);
  if (to === 'completed') await releaseHolds(deps, bookingId, ['deposit']);

  const changed = await deps.db.transaction(async (tx) => {
    const before = await lockBookingState(tx, bookingId);
    if (!before) throw bookingNotFound();
    if (before.booking_status === to) return null;
    refuseForbidden(before.booking_status, to);
    const after = await writeBookingStatus(tx, bookingId, to);
    await writeAudit(tx, {
      actorUserId: change.actorUserId,
      action: 'booking.status',
      entity: 'booking',
      entityId: bookingId,
      before: snapshot(before),
      after: { ...snapshot(after), ...change.details },
    });
    return before;
  });
  if (changed) await tellCustomer(deps, changed, to, change.message);
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

const snapshot = (
  row: Pick<BookingStateRow, 'booking_status' | 'payment_status' | 'deposit_status'>,
) => ({
  bookingStatus: row.booking_status,
  paymentStatus: row.payment_status,
  depositStatus: row.deposit_status,
});

const DEFAULT_MESSAGES: Partial<Record<BookingStatus, (reference: string) => [string, string]>> = {
  confirmed: (reference) => [
    `Réservation ${reference} confirmée`,
    'Votre réservation est confirmée.',
  ],
  cancelled: (reference) => [
    `Réservation ${reference} annulée`,
    'Votre réservation a été annulée. La caution retenue sur votre carte est libérée.',
  ],
  completed: (reference) => [
    `Location ${reference} terminée`,
    'Le véhicule a été restitué. Merci pour votre confiance !',
  ],
};

async function tellCustomer(
  deps: BookingOpsDeps,
  booking: BookingStateRow,
  to: BookingStatus,
  message: string | undefined,
): Promise<void> {
  const texts = DEFAULT_MESSAGES[to]?.(booking.reference);
  if (!texts || !booking.customer_email) return;
  await notifyCustomer(deps.db, deps.site, {
    userId: booking.user_id,
    email: booking.customer_email,
    dedupeKey: `booking-status:${booking.id}:${to}`,
    title: texts[0],
    message: message ?? texts[1],
    link: `/reservation/${booking.id}`,
    linkLabel: 'Voir ma réservation',
  });
}
