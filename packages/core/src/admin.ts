import { z } from 'zod';
import { BookingStatus, PaymentStatus } from './booking';
import { MIN_CARD_AMOUNT_CENTS } from './card-amounts';
import { formatEuros } from './money-format';
import { AccountStatus } from './profile';
import { Vehicle, VehicleCategory, VehicleFeatures } from './vehicle';

/**
 * The administration console's wire formats: its five tabs' lists and the vehicle and promotion
 * forms. Money is in integer cents; every validation message names its field, in French.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .max(max, `${label} ne doit pas dépasser ${max} caractères.`);

const cents = (label: string, min: number) =>
  z
    .number({ error: `${label} est obligatoire.` })
    .int(`${label} doit avoir au plus deux décimales.`)
    .min(min, min > 0 ? `${label} doit être supérieur à 0.` : `${label} ne peut pas être négatif.`)
    .max(100_000_000, `${label} est trop élevé.`);

/** An absolute http(s) address or a path of the site (/vehicles/…). */
export const ImageUrl = z
  .string({ error: 'L’URL de l’image est obligatoire.' })
  .trim()
  .min(1, 'L’URL de l’image est obligatoire.')
  .max(2000, 'L’URL de l’image est trop longue.')
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s/][^\s]*$/.test(value),
    'L’URL de l’image est invalide (adresse http(s) ou chemin commençant par /).',
  );

// ── Vehicles ─────────────────────────────────────────────────────────────────────────────────

export const AdminVehicleInput = z.object({
  name: text('Le nom', 120),
  category: VehicleCategory.default('Standard'),
  pricePerDayCents: cents('Le prix par jour', 1),
  // Held on the customer's card before the handover: at least what a card can hold (decision 033).
  depositCents: cents('La caution', 0).min(
    MIN_CARD_AMOUNT_CENTS,
    `La caution doit être d’au moins ${formatEuros(MIN_CARD_AMOUNT_CENTS)}, le plus petit montant qu’une carte peut retenir.`,
  ),
  imageUrl: ImageUrl,
  description: z
    .string()
    .trim()
    .max(2000, 'La description ne doit pas dépasser 2000 caractères.')
    .nullish()
    .transform((value) => value || null),
  isAvailable: z.boolean().default(true),
  /** Kilometres a day; null for none (unlimited km offered); absent keeps the current one. */
  dailyKmLimit: z
    .number({ error: 'La limite de kilomètres par jour est invalide.' })
    .int('La limite de kilomètres par jour est invalide.')
    .min(50, 'La limite de kilomètres par jour doit être d’au moins 50 km.')
    .max(2000, 'La limite de kilomètres par jour ne doit pas dépasser 2000 km.')
    .nullish(),
  features: VehicleFeatures.default({}),
});
export type AdminVehicleInput = z.input<typeof AdminVehicleInput>;

export const AdminVehicleList = z.object({ vehicles: z.array(Vehicle) });
export type AdminVehicleList = z.infer<typeof AdminVehicleList>;

/** A vehicle with bookings cannot be deleted: it is withdrawn from rental instead. */
export const VehicleDeletion = z.object({
  outcome: z.enum(['deleted', 'withdrawn']),
  message: z.string(),
});
export type VehicleDeletion = z.infer<typeof VehicleDeletion>;

// ── Bookings ─────────────────────────────────────────────────────────────────────────────────

/**
 * The statuses an administrator may set ('active' is not offered: a rental starts at the handover).
 */
export const ADMIN_BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;
export const AdminBookingStatus = z.enum(ADMIN_BOOKING_STATUSES, {
  error: 'Le statut doit être En attente, Confirmée, Annulée ou Terminée.',
});
export type AdminBookingStatus = z.infer<typeof AdminBookingStatus>;

export const ADMIN_PAGE_SIZE_MAX = 100;

const day = (label: string) => z.iso.date({ error: `${label} est invalide.` }).optional();

export const AdminBookingQuery = z.object({
  status: BookingStatus.optional(),
  /** Bookings whose rental period meets [from, to] (calendar days, Paris time). */
  from: day('La date de début'),
  to: day('La date de fin'),
  /** A reference (or its beginning) or a customer's e-mail. */
  q: z.string().trim().max(200).optional(),
  /** Opaque keyset cursor from the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(20),
});
export type AdminBookingQuery = z.input<typeof AdminBookingQuery>;

export const AdminBooking = z.object({
  id: z.uuid(),
  reference: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  vehicleName: z.string(),
  vehicleCategory: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  pickupLocation: z.string(),
  returnLocation: z.string(),
  totalPriceCents: z.number().int(),
  depositAmountCents: z.number().int(),
  bookingStatus: BookingStatus,
  paymentStatus: PaymentStatus,
  depositStatus: z.string(),
  /** Its identity check or contract was still missing 24 h before delivery. */
  stepsFlagged: z.boolean(),
  /** Owed after the return but refused by the customer's card (or no card saved): to settle. */
  balanceDueCents: z.number().int(),
  /** Everything received from the customer, from the ledger (rental, charges, deposit taken). */
  paidCents: z.number().int(),
  /** Received by card (rental, extensions, charges) and not yet refunded: the most a refund gives back. */
  refundableCents: z.number().int(),
  refundedCents: z.number().int(),
  /** Deposit authorised on the card and not yet taken or released: the most a retention takes. */
  depositHeldCents: z.number().int(),
  /** Deposit taken for damage. */
  depositCapturedCents: z.number().int(),
  createdAt: z.string(),
});
export type AdminBooking = z.infer<typeof AdminBooking>;

export const AdminBookingPage = z.object({
  bookings: z.array(AdminBooking),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type AdminBookingPage = z.infer<typeof AdminBookingPage>;

export const BookingStatusChange = z.object({ status: AdminBookingStatus });
export type BookingStatusChange = z.infer<typeof BookingStatusChange>;

export const RefundRequest = z.object({
  amountCents: z
    .number({ error: 'Le montant du remboursement est obligatoire.' })
    .int('Le montant du remboursement doit avoir au plus deux décimales.')
    .min(1, 'Le montant du remboursement doit être supérieur à 0.'),
  /**
   * The payment to give back (its ledger movement, as the console lists them); without it the
   * refund is split over the booking's payments, the latest first.
   */
  paymentId: z.number().int().positive().optional(),
});
export type RefundRequest = z.infer<typeof RefundRequest>;

/**
 * What the customer's card refused at the return, paid another way (transfer, cheque, card at
 * the agency): the amount received and how it was paid.
 */
export const BalancePaymentRequest = z.object({
  amountCents: z
    .number({ error: 'Le montant réglé est obligatoire.' })
    .int('Le montant réglé doit avoir au plus deux décimales.')
    .min(1, 'Le montant réglé doit être supérieur à 0.'),
  note: z
    .string({ error: 'Indiquez comment le client a réglé.' })
    .trim()
    .min(3, 'Indiquez comment le client a réglé et sa référence (3 caractères au moins).')
    .max(500, 'La note ne doit pas dépasser 500 caractères.'),
});
export type BalancePaymentRequest = z.infer<typeof BalancePaymentRequest>;

// ── Users ────────────────────────────────────────────────────────────────────────────────────

export const AdminUserQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(20),
});
export type AdminUserQuery = z.input<typeof AdminUserQuery>;

export const AdminUser = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  accountStatus: AccountStatus,
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserPage = z.object({
  users: z.array(AdminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserPage = z.infer<typeof AdminUserPage>;

// ── Reviews ──────────────────────────────────────────────────────────────────────────────────

export const AdminReview = z.object({
  id: z.uuid(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  isPublished: z.boolean(),
  isVerified: z.boolean(),
  authorName: z.string().nullable(),
  vehicleName: z.string(),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof AdminReview>;

export const AdminReviewList = z.object({ reviews: z.array(AdminReview) });
export type AdminReviewList = z.infer<typeof AdminReviewList>;

/**
 * Publier / Dépublier toggle is_published; Vérifier only ever sets is_verified: there is no way to
 * unset it.
 */
export const ReviewUpdate = z
  .object({
    isPublished: z.boolean().optional(),
    isVerified: z
      .literal(true, { error: 'Un avis vérifié ne peut pas redevenir non vérifié.' })
      .optional(),
  })
  .refine((update) => update.isPublished !== undefined || update.isVerified !== undefined, {
    message: 'Indiquez isPublished ou isVerified.',
  });
export type ReviewUpdate = z.infer<typeof ReviewUpdate>;

// ── Promotions ───────────────────────────────────────────────────────────────────────────────

export const DiscountType = z.enum(['percentage', 'fixed'], {
  error: 'Le type de réduction doit être pourcentage ou montant fixe.',
});
export type DiscountType = z.infer<typeof DiscountType>;

const instant = (label: string) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .min(1, `${label} est obligatoire.`)
    .refine((value) => !Number.isNaN(Date.parse(value)), `${label} est invalide.`);

/**
 * discountValue: hundredths of a percent for a percentage (1050 = 10,50 %, at most 10000), or
 * cents for a fixed amount.
 */
export const PromotionInput = z
  .object({
    code: z
      .string({ error: 'Le code est obligatoire.' })
      .trim()
      .toUpperCase()
      .min(3, 'Le code doit contenir au moins 3 caractères.')
      .max(40, 'Le code ne doit pas dépasser 40 caractères.')
      .regex(/^[A-Z0-9_-]+$/, 'Le code ne peut contenir que des lettres, chiffres, - et _.'),
    description: text('La description', 500),
    discountType: DiscountType.default('percentage'),
    discountValue: z
      .number({ error: 'La valeur de la réduction est obligatoire.' })
      .int('La valeur de la réduction doit avoir au plus deux décimales.')
      .min(1, 'La valeur de la réduction doit être supérieure à 0.'),
    validFrom: instant('La date de début de validité'),
    validUntil: instant('La date de fin de validité'),
    maxUses: z
      .number({ error: 'Le nombre maximal d’utilisations doit être un entier.' })
      .int('Le nombre maximal d’utilisations doit être un entier.')
      .min(1, 'Le nombre maximal d’utilisations doit être supérieur à 0.')
      .nullish()
      .transform((value) => value ?? null),
    isActive: z.boolean().default(true),
  })
  .superRefine((promotion, ctx) => {
    if (promotion.discountType === 'percentage' && promotion.discountValue > 10_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountValue'],
        message: 'Un pourcentage de réduction ne peut pas dépasser 100 %.',
      });
    }
    if (Date.parse(promotion.validUntil) <= Date.parse(promotion.validFrom)) {
      ctx.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: 'La date de fin de validité doit être postérieure à la date de début.',
      });
    }
  });
export type PromotionInput = z.input<typeof PromotionInput>;

export const Promotion = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string(),
  discountType: DiscountType,
  discountValue: z.number().int(),
  validFrom: z.string(),
  validUntil: z.string(),
  maxUses: z.number().int().nullable(),
  currentUses: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Promotion = z.infer<typeof Promotion>;

export const PromotionList = z.object({ promotions: z.array(Promotion) });
export type PromotionList = z.infer<typeof PromotionList>;

// ── Public reviews ───────────────────────────────────────────────────────────────────────────

export const PublicReview = z.object({
  id: z.uuid(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  authorName: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type PublicReview = z.infer<typeof PublicReview>;

export const PublicReviewList = z.object({ reviews: z.array(PublicReview) });
export type PublicReviewList = z.infer<typeof PublicReviewList>;

export const ReviewSubmission = z.object({
  rating: z
    .number({ error: 'La note est obligatoire.' })
    .int('La note doit être un nombre entier d’étoiles.')
    .min(1, 'La note doit être comprise entre 1 et 5.')
    .max(5, 'La note doit être comprise entre 1 et 5.'),
  comment: z
    .string({ error: 'Le commentaire est obligatoire.' })
    .trim()
    .min(1, 'Le commentaire est obligatoire.')
    .max(1000, 'Le commentaire ne doit pas dépasser 1000 caractères.'),
});
export type ReviewSubmission = z.infer<typeof ReviewSubmission>;

/** A renter's review of their completed rental (one per rental), as their booking page shows it. */
export const BookingReview = z.object({
  review: z
    .object({
      id: z.uuid(),
      rating: z.number().int(),
      comment: z.string(),
      isPublished: z.boolean(),
    })
    .nullable(),
});
export type BookingReview = z.infer<typeof BookingReview>;
