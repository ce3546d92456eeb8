import { z } from 'zod';

export {
  BOOKING_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  bookingReference,
  bookingStatusLabel,
  paymentStatusLabel,
} from './booking-status';

/** One vocabulary per status for customers and admins (DESIGN §4). */
export const BookingStatus = z.enum(['pending', 'confirmed', 'active', 'completed', 'cancelled']);
export type BookingStatus = z.infer<typeof BookingStatus>;
export const PaymentStatus = z.enum(['pending', 'succeeded', 'failed', 'refunded']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

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
