import { z } from 'zod';

/** One vocabulary per status for customers and admins (DESIGN §4). */
export const BookingStatus = z.enum(['pending', 'confirmed', 'active', 'completed', 'cancelled']);
export type BookingStatus = z.infer<typeof BookingStatus>;
export const PaymentStatus = z.enum(['pending', 'succeeded', 'failed', 'refunded']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

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

/** Unknown values show as pending (SPEC §4). */
export const bookingStatusLabel = (status: string) =>
  BOOKING_STATUS_LABELS[status as BookingStatus] ?? BOOKING_STATUS_LABELS.pending;
export const paymentStatusLabel = (status: string) =>
  PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? PAYMENT_STATUS_LABELS.pending;

/** Booking reference = first 8 characters of the id, uppercase (SPEC §9). */
export const bookingReference = (id: string) => id.slice(0, 8).toUpperCase();

export const BookingSummary = z.object({
  id: z.uuid(),
  reference: z.string(),
  vehicleName: z.string(),
  vehicleSlug: z.string(),
  vehicleImageUrl: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  pickupLocation: z.string(),
  totalPriceCents: z.number().int(),
  bookingStatus: BookingStatus,
  paymentStatus: PaymentStatus,
  createdAt: z.string(),
});
export type BookingSummary = z.infer<typeof BookingSummary>;

export const MyBookings = z.object({ bookings: z.array(BookingSummary) });
export type MyBookings = z.infer<typeof MyBookings>;
