import { z } from 'zod';
import { computeQuote, type Quote, type QuoteInput } from './pricing';
import { DELIVERY_LINE, quoteLines, type PriceLine } from './pricing-lines';
import type { ProtectionId } from './protection';
import type { ExtraId } from './extras';

/** The longest a rental may be extended at once, in days. */
export const MAX_EXTENSION_DAYS = 30;

/** What an extension is priced from: the booking's choices and the car's price today. */
export interface ExtensionPricingInput {
  pricePerDayCents: number;
  depositCents: number;
  pickupDate: Date;
  /** The return date the extension moves. */
  returnDate: Date;
  newReturnDate: Date;
  withDriver: boolean;
  unlimitedKm: boolean;
  protection: ProtectionId;
  options: readonly ExtraId[];
}

export interface ExtensionPrice {
  /** Days added to the rental (the whole rental's days after, less before). */
  days: number;
  lines: PriceLine[];
  totalCents: number;
}

/**
 * An extension costs what the whole rental would cost to the new return date less what it cost
 * to the old one, by the quote's own rules (days × price per day, protection and per-day options
 * per day, unlimited kilometres per day, chauffeur per hour): for whole days it is the quote of
 * the added days, a one-off option or the delivery is never charged twice, and an hour kept
 * within a day already paid for costs nothing. No promotion applies to it.
 */
export function priceExtension(input: ExtensionPricingInput): ExtensionPrice {
  const quoteTo = (end: Date): Quote =>
    computeQuote({
      pricePerDayCents: input.pricePerDayCents,
      depositCents: input.depositCents,
      start: input.pickupDate,
      end,
      deliveryFeeCents: 0,
      withDriver: input.withDriver,
      unlimitedKm: input.unlimitedKm,
      protection: input.protection,
      options: input.options,
    } satisfies QuoteInput);
  const before = quoteTo(input.returnDate);
  const after = quoteTo(input.newReturnDate);
  const optionLines = after.optionLines
    .map((line) => ({
      ...line,
      amountCents:
        line.amountCents - (before.optionLines.find((old) => old.id === line.id)?.amountCents ?? 0),
    }))
    .filter((line) => line.amountCents !== 0);
  const added: Quote = {
    days: after.days - before.days,
    chauffeurHours: after.chauffeurHours - before.chauffeurHours,
    basePriceCents: after.basePriceCents - before.basePriceCents,
    protectionCostCents: after.protectionCostCents - before.protectionCostCents,
    optionsCostCents: after.optionsCostCents - before.optionsCostCents,
    optionLines,
    chauffeurCostCents: after.chauffeurCostCents - before.chauffeurCostCents,
    unlimitedKmCostCents: after.unlimitedKmCostCents - before.unlimitedKmCostCents,
    deliveryFeeCents: 0,
    returnFeeCents: 0,
    subtotalCents: after.subtotalCents - before.subtotalCents,
    discountCents: 0,
    totalCents: after.totalCents - before.totalCents,
    depositCents: input.depositCents,
  };
  const lines = quoteLines(added, {
    protection: input.protection,
    collectedElsewhere: false,
  }).filter((line) => line.label !== DELIVERY_LINE && line.amountCents !== 0);
  return { days: added.days, lines, totalCents: added.totalCents };
}

const NewReturnDate = z.iso.datetime({
  offset: true,
  error: 'La nouvelle date de restitution est invalide.',
});

/** The customer's request: the new return date (the time stays the booked one in the form). */
export const ExtensionRequest = z.object({ returnDate: NewReturnDate });
export type ExtensionRequest = z.infer<typeof ExtensionRequest>;

/** What the booking page shows before the customer pays: the new return, its price. */
export const ExtensionQuote = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  days: z.number().int(),
  lines: z.array(z.object({ label: z.string(), amountCents: z.number().int() })),
  totalCents: z.number().int(),
});
export type ExtensionQuote = z.infer<typeof ExtensionQuote>;

export const ExtensionCardStart = ExtensionQuote.extend({
  extensionId: z.uuid(),
  intentId: z.string(),
  clientSecret: z.string(),
  amountCents: z.number().int(),
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type ExtensionCardStart = z.infer<typeof ExtensionCardStart>;

export const ExtensionConfirmation = z.object({ intentId: z.string().min(3).max(200) });

export const ExtensionOutcome = z.object({
  status: z.enum(['paid', 'pending', 'failed']),
  /** The booking's return date after the answer (moved once paid). */
  returnDate: z.string(),
});
export type ExtensionOutcome = z.infer<typeof ExtensionOutcome>;

/** A paid extension, as the booking page lists it. */
export const ExtensionSummary = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  amountCents: z.number().int(),
  paidAt: z.string(),
});
export type ExtensionSummary = z.infer<typeof ExtensionSummary>;

export const EXTENSION_MESSAGES = {
  notExtendable:
    'Cette location ne peut plus être prolongée en ligne : appelez-nous, nous trouverons une solution.',
  notLater: 'La nouvelle date de restitution doit être après la date prévue.',
  tooLong: `Une prolongation dépasse au plus ${MAX_EXTENSION_DAYS} jours : appelez-nous pour une location plus longue.`,
  nothingToPay:
    'Cette prolongation reste dans la dernière journée déjà payée : aucun montant n’est dû, gardez simplement la date prévue ou choisissez une date plus tardive.',
  inProgress: 'La prolongation est déjà en cours de paiement. Patientez quelques secondes.',
} as const;
