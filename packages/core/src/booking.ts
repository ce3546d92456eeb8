import { z } from 'zod';

/**
 * One vocabulary per status for customers and admins: the admin badge reads the same values as the
 * customer's.
 */
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

/** A booking number: the full id (uuid) or its 8-character reference (decision 014). */
export const BookingNumber = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ||
      /^[0-9a-f]{8}$/i.test(value),
    'Numéro de réservation invalide',
  );

export const BookingLookupRequest = z.object({
  bookingNumber: BookingNumber,
  email: z.email({ error: 'Adresse e-mail invalide' }),
});
export type BookingLookupRequest = z.infer<typeof BookingLookupRequest>;

export const BookingDetail = z.object({
  id: z.uuid(),
  reference: z.string(),
  bookingStatus: BookingStatus,
  paymentStatus: PaymentStatus,
  vehicle: z.object({
    slug: z.string(),
    name: z.string(),
    category: z.string(),
    imageUrl: z.string(),
    pricePerDayCents: z.number().int(),
  }),
  pickupDate: z.string(),
  returnDate: z.string(),
  days: z.number().int(),
  /** Home addresses and requests: only for the owner, an admin or a visitor who passed the look-up. */
  pickupLocation: z.string().nullable(),
  returnLocation: z.string().nullable(),
  specialRequests: z.string().nullable(),
  personalDataVisible: z.boolean(),
  basePriceCents: z.number().int(),
  protectionCostCents: z.number().int(),
  optionsCostCents: z.number().int(),
  chauffeurCostCents: z.number().int(),
  unlimitedKmCostCents: z.number().int(),
  deliveryFeeCents: z.number().int(),
  returnFeeCents: z.number().int(),
  discountCents: z.number().int(),
  totalPriceCents: z.number().int(),
  /** What the customer paid to keep the car longer (0 without an extension), beside the total. */
  extensionsCents: z.number().int(),
  depositAmountCents: z.number().int(),
  /** When the agent comes (the booked time ± 30 minutes) and where they are, live. */
  delivery: z.object({
    windowStart: z.string(),
    windowEnd: z.string(),
    status: z.enum(['planned', 'en_route', 'delivered']),
  }),
  collection: z.object({
    windowStart: z.string(),
    windowEnd: z.string(),
    status: z.enum(['planned', 'en_route', 'collected']),
    mode: z.enum(['address', 'agency']),
  }),
});
export type BookingDetail = z.infer<typeof BookingDetail>;
