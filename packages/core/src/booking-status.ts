import type { BookingStatus, PaymentStatus } from './booking';

/** Labels of the booking and payment statuses, without zod (used by pages). */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'En attente',
  confirmed: 'Confirmée',
  active: 'En cours',
  completed: 'Terminée',
  cancelled: 'Annulée',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'En attente',
  succeeded: 'Payé',
  failed: 'Échoué',
  refunded: 'Remboursé',
};

/** Unknown values show as pending, for customers and admins alike. */
export const bookingStatusLabel = (status: string) =>
  BOOKING_STATUS_LABELS[status as BookingStatus] ?? BOOKING_STATUS_LABELS.pending;
export const paymentStatusLabel = (status: string) =>
  PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? PAYMENT_STATUS_LABELS.pending;

/** Booking reference = first 8 characters of the id, uppercase. */
export const bookingReference = (id: string) => id.slice(0, 8).toUpperCase();
