import { z } from 'zod';

/**
 * The customer's cancellation policy, as the rental terms state it: free more than 48 h before
 * the start of the rental, half of the rental price kept between 48 h and 24 h, all of it in the
 * last 24 h. The deposit hold is always released. The fee is computed on the rental price paid.
 */
export const CANCELLATION_TIERS = [
  { hoursBefore: 48, feeRate: 0 },
  { hoursBefore: 24, feeRate: 0.5 },
  { hoursBefore: 0, feeRate: 1 },
] as const;

const HOUR_MS = 3_600_000;

export interface CancellationTerms {
  /** Share of the rental price kept: 0, 0.5 or 1. */
  feeRate: number;
  feeCents: number;
  /** What goes back on the card: what was paid and not yet refunded, less the fee. */
  refundCents: number;
  /** Until when cancelling is free. */
  freeUntil: Date;
}

/**
 * The terms of a cancellation asked at `at`, for a rental starting at `start` whose price
 * `paidCents` was paid, `refundedCents` of it already given back.
 */
export function cancellationTerms(
  start: Date,
  paidCents: number,
  refundedCents: number,
  at: Date,
): CancellationTerms {
  const hoursLeft = (start.getTime() - at.getTime()) / HOUR_MS;
  // The last tier has no lower bound: a start already passed keeps it too.
  const tier =
    CANCELLATION_TIERS.find((candidate) => hoursLeft > candidate.hoursBefore) ??
    CANCELLATION_TIERS[2];
  const feeCents = Math.round(paidCents * tier.feeRate);
  return {
    feeRate: tier.feeRate,
    feeCents,
    refundCents: Math.max(0, Math.min(paidCents - refundedCents, paidCents - feeCents)),
    freeUntil: new Date(start.getTime() - CANCELLATION_TIERS[0].hoursBefore * HOUR_MS),
  };
}

/** What the booking page shows before the customer confirms a cancellation. */
export const CancellationQuote = z.object({
  bookingId: z.uuid(),
  cancellable: z.boolean(),
  /** Why it cannot be cancelled online, when it cannot. */
  reason: z.string().nullable(),
  paidCents: z.number().int(),
  feeCents: z.number().int(),
  refundCents: z.number().int(),
  freeUntil: z.iso.datetime({ offset: true }),
});
export type CancellationQuote = z.infer<typeof CancellationQuote>;

/** The policy in one sentence, for the booking page and the confirmation dialog. */
export const CANCELLATION_POLICY =
  'Annulation gratuite jusqu’à 48\u00a0h avant le début de la location\u00a0; entre 48\u00a0h et 24\u00a0h, 50\u00a0% du montant de la location sont retenus\u00a0; moins de 24\u00a0h avant, la totalité. La caution retenue sur votre carte est toujours libérée.';
