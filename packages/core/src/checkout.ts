import { z } from 'zod';
import { EXTRA_IDS } from './extras';
import { periodProblems } from './period-rules';
import { PROTECTION_IDS } from './protection';

export const LICENSE_COUNTRIES = ['FR', 'BE', 'CH', 'DE', 'ES', 'IT', 'GB', 'US', 'CA'] as const;
export const RESIDENCE_COUNTRIES = ['FR', 'BE', 'CH', 'Other'] as const;

const filled = (label: string, max = 120) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .max(max);

/** The main driver: all twelve fields are required, non-empty after trimming. */
export const DriverInfo = z.object({
  firstName: filled('Le prénom', 80),
  lastName: filled('Le nom', 80),
  dateOfBirth: z.iso.date({ error: 'La date de naissance est invalide.' }),
  licenseNumber: filled('Le numéro de permis', 40),
  licenseIssueDate: z.iso.date({ error: 'La date d’obtention du permis est invalide.' }),
  licenseCountry: z.enum(LICENSE_COUNTRIES, { error: 'Le pays du permis est invalide.' }),
  email: z.email({ error: 'Veuillez entrer une adresse email valide.' }),
  phone: filled('Le téléphone', 30),
  address: filled('L’adresse', 200),
  city: filled('La ville', 100),
  postalCode: filled('Le code postal', 12),
  country: z.enum(RESIDENCE_COUNTRIES, { error: 'Le pays de résidence est invalide.' }),
});
export type DriverInfo = z.infer<typeof DriverInfo>;

const rentalFields = {
  vehicleSlug: z.string().min(1).max(120),
  start: z.iso.datetime({ offset: true, error: 'La date de début est invalide.' }),
  end: z.iso.datetime({ offset: true, error: 'La date de fin est invalide.' }),
  deliveryAddress: z.string().trim().min(3, 'L’adresse de livraison est obligatoire.').max(200),
  returnAddress: z.string().trim().max(200).optional(),
  protection: z.enum(PROTECTION_IDS).default('none'),
  options: z.array(z.enum(EXTRA_IDS)).max(EXTRA_IDS.length).default([]),
  withDriver: z.boolean().default(false),
  unlimitedKm: z.boolean().default(false),
  promoCode: z.string().trim().toUpperCase().max(40).optional(),
};

/**
 * The rental period's rules (an end after the start, a start not in the past, at most 90 days),
 * checked with the request itself: a reversed period is the customer's mistake, refused in French
 * naming the field, before any price or availability is looked up.
 */
function checkRentalPeriod(rental: { start: string; end: string }, ctx: z.RefinementCtx): void {
  for (const [path, message] of Object.entries(periodProblems(rental))) {
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
}

/** What the server prices: ids and choices only, never an amount. */
export const QuoteRequest = z.object(rentalFields).superRefine(checkRentalPeriod);
export type QuoteRequest = z.infer<typeof QuoteRequest>;

export const QuoteLine = z.object({ label: z.string(), amountCents: z.number().int() });

export const QuoteResponse = z.object({
  vehicle: z.object({ slug: z.string(), name: z.string(), category: z.string() }),
  days: z.number().int(),
  lines: z.array(QuoteLine),
  basePriceCents: z.number().int(),
  protectionCostCents: z.number().int(),
  optionsCostCents: z.number().int(),
  chauffeurCostCents: z.number().int(),
  unlimitedKmCostCents: z.number().int(),
  deliveryFeeCents: z.number().int(),
  returnFeeCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  depositCents: z.number().int(),
  promotion: z.object({ code: z.string(), description: z.string() }).nullable(),
});
export type QuoteResponse = z.infer<typeof QuoteResponse>;

/**
 * Booking creation at payment start (the browser sends ids and choices, never an amount: the server
 * prices the rental).
 */
export const CreateBookingRequest = z
  .object({
    ...rentalFields,
    driver: DriverInfo,
    specialRequests: z.string().trim().max(1000).optional(),
    /** The customer asked to keep the driver's details in their profile for the next rental. */
    saveDriverToProfile: z.boolean().optional(),
    acceptTerms: z.literal(true, {
      error: 'Veuillez accepter les conditions générales pour continuer.',
    }),
  })
  .superRefine(checkRentalPeriod);
export type CreateBookingRequest = z.infer<typeof CreateBookingRequest>;

/** Which card form the checkout shows: the built-in processor's, or Stripe's Payment Element. */
export const PaymentConfig = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key when the provider is Stripe. */
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof PaymentConfig>;

export const PaymentStart = z.object({
  bookingId: z.uuid(),
  reference: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amountCents: z.number().int(),
  depositCents: z.number().int(),
  holdExpiresAt: z.string(),
  /** Stripe's publishable key when the provider is Stripe. */
  publishableKey: z.string().nullable(),
});
export type PaymentStart = z.infer<typeof PaymentStart>;
