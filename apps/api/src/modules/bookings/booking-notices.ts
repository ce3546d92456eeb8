import type { BookingEvent } from '@vroum/core/booking-events';
import type { CustomerNotice } from '../notifications/notify-customer';
import type { BookingStateRow } from './booking-lifecycle.repository';

/** What a customer is told of an event of their booking (whom to tell is the booking's). */
export type NoticeText = Omit<CustomerNotice, 'userId' | 'email'>;

type Default = (booking: BookingStateRow) => Partial<NoticeText>;

const statusKey = (booking: BookingStateRow, status: string) =>
  `booking-status:${booking.id}:${status}`;

const confirmed: Default = (b) => ({
  dedupeKey: statusKey(b, 'confirmed'),
  title: `Réservation ${b.reference} confirmée`,
  message: 'Votre réservation est confirmée.',
});
const cancelled: Default = (b) => ({
  dedupeKey: statusKey(b, 'cancelled'),
  title: `Réservation ${b.reference} annulée`,
  message: 'Votre réservation a été annulée. La caution retenue sur votre carte est libérée.',
});
const completed: Default = (b) => ({
  dedupeKey: statusKey(b, 'completed'),
  title: `Location ${b.reference} terminée`,
  message: 'Le véhicule a été restitué. Merci pour votre confiance !',
});
const lateRefused =
  (why: string): Default =>
  (b) => ({
    dedupeKey: `late-payment:${b.id}`,
    title: `Réservation ${b.reference} non confirmée`,
    message: `Votre paiement est arrivé après la fin du délai de réservation et ${why} : il ne vous est pas débité, ou vous est remboursé en totalité sur votre carte sous 14 jours au plus.`,
  });

/** The events a customer hears of by default (the others are told by their caller, or not). */
const DEFAULTS: Partial<Record<BookingEvent, Default>> = {
  admin_confirmed: confirmed,
  customer_cancelled: cancelled,
  lapsed_hold_withdrawn: cancelled,
  admin_cancelled: cancelled,
  admin_completed: completed,
  returned: completed,
  handed_over: (b) => ({
    dedupeKey: `booking-active:${b.id}`,
    title: `Location ${b.reference} en cours`,
    message: 'Le véhicule vous a été remis. Bonne route !',
  }),
  late_payment_car_taken: lateRefused('le véhicule a été réservé entre-temps'),
  late_payment_code_spent: lateRefused('le code promo n’est plus disponible'),
  paid_after_cancellation: (b) => ({
    dedupeKey: `paid-after-cancellation:${b.id}`,
    title: `Paiement de la réservation ${b.reference} remboursé`,
    message:
      'Votre paiement est arrivé après l’annulation de la réservation : il vous est remboursé en totalité sur votre carte sous 14 jours au plus.',
  }),
};

export const defaultNotice = (event: BookingEvent, booking: BookingStateRow): Partial<NoticeText> =>
  DEFAULTS[event]?.(booking) ?? {};
