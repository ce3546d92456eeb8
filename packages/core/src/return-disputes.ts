import { z } from 'zod';

/**
 * After the return: the balance the customer's card refused, paid by card from the booking page,
 * and the customer's dispute of the return charges within the days the terms give, decided by
 * the team with a written answer. Shared by the booking page, the console and the server.
 */
export const BalanceState = z.object({
  balanceDueCents: z.number().int(),
  /** While the charges are contested, nothing is asked of the customer. */
  disputed: z.boolean(),
});
export type BalanceState = z.infer<typeof BalanceState>;

export const BalanceCardStart = z.object({
  intentId: z.string(),
  clientSecret: z.string(),
  amountCents: z.number().int(),
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type BalanceCardStart = z.infer<typeof BalanceCardStart>;

export const BalanceCardConfirmation = z.object({
  intentId: z.string().min(3).max(200),
});

export const BalanceCardOutcome = z.object({
  status: z.enum(['paid', 'pending', 'failed']),
  balanceDueCents: z.number().int(),
});
export type BalanceCardOutcome = z.infer<typeof BalanceCardOutcome>;

export const DisputeStatus = z.enum(['open', 'decided']);
export type DisputeStatus = z.infer<typeof DisputeStatus>;
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'En cours d’examen',
  decided: 'Décidée',
};

export const DisputeOutcome = z.enum(['keep', 'reduce', 'refund'], {
  error: 'Choisissez une décision : maintenir, réduire ou rembourser.',
});
export type DisputeOutcome = z.infer<typeof DisputeOutcome>;
export const DISPUTE_OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  keep: 'Frais maintenus',
  reduce: 'Frais réduits',
  refund: 'Frais annulés',
};

/** A photo the customer sent with the dispute: the digest that names it. */
export const DisputePhotoId = z.string().regex(/^[0-9a-f]{32}$/, 'Photo inconnue.');
export const DISPUTE_PHOTOS_MAX = 6;

export const DisputeRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(10, 'Expliquez ce que vous contestez (10 caractères au moins).')
    .max(2000, 'Votre explication dépasse 2 000 caractères.'),
  photoIds: z
    .array(DisputePhotoId)
    .max(DISPUTE_PHOTOS_MAX, `${DISPUTE_PHOTOS_MAX} photos au plus.`)
    .default([]),
});
export type DisputeRequest = z.infer<typeof DisputeRequest>;

export const Dispute = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  status: DisputeStatus,
  reason: z.string(),
  photoUrls: z.array(z.string()),
  contestedCents: z.number().int(),
  createdAt: z.string(),
  outcome: DisputeOutcome.nullable(),
  /** What the decision keeps of the contested charges. */
  keptCents: z.number().int().nullable(),
  /** Given back on the card. */
  refundCents: z.number().int().nullable(),
  /** Owed and no longer asked. */
  waivedCents: z.number().int().nullable(),
  answer: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof Dispute>;

/** What the booking page shows about the return charges and their dispute. */
export const DisputeState = z.object({
  /** The return charges as the ledger holds them: taken, and still owed. */
  chargedCents: z.number().int(),
  contestUntil: z.string().nullable(),
  canContest: z.boolean(),
  dispute: Dispute.nullable(),
});
export type DisputeState = z.infer<typeof DisputeState>;

export const DisputeDecisionRequest = z
  .object({
    outcome: DisputeOutcome,
    /** With 'reduce': what is kept, below what was contested. */
    keptCents: z.number().int().min(0).optional(),
    answer: z
      .string()
      .trim()
      .min(10, 'Écrivez la réponse au client (10 caractères au moins).')
      .max(2000, 'La réponse dépasse 2 000 caractères.'),
  })
  .refine((body) => body.outcome !== 'reduce' || body.keptCents !== undefined, {
    message: 'Indiquez le montant maintenu.',
    path: ['keptCents'],
  });
export type DisputeDecisionRequest = z.infer<typeof DisputeDecisionRequest>;

/** One inspection as the console compares it with the other: readings, damage, photos. */
export const InspectionSide = z.object({
  kind: z.enum(['handover', 'return']),
  at: z.string(),
  odometerKm: z.number().int(),
  fuelPercent: z.number().int(),
  damages: z.array(z.object({ zone: z.string(), note: z.string() })),
  interiorNote: z.string(),
  photoUrls: z.array(z.string()),
  reportUrl: z.string(),
});
export type InspectionSide = z.infer<typeof InspectionSide>;

export const AdminDispute = Dispute.extend({
  reference: z.string(),
  customerName: z.string(),
  vehicleName: z.string(),
  balanceDueCents: z.number().int(),
  /** The handover and the return, for the side-by-side comparison. */
  inspections: z.array(InspectionSide),
});
export type AdminDispute = z.infer<typeof AdminDispute>;

export const AdminDisputeList = z.object({ disputes: z.array(AdminDispute) });
export type AdminDisputeList = z.infer<typeof AdminDisputeList>;
