import { z } from 'zod';
import { Damage } from './operations';
import { PROTECTION_IDS } from './protection';

/**
 * A damage claim: new damage the agent found at the return, with its photos and the amount they
 * assessed. Nothing of it is charged until an administrator other than the agent decides: they
 * approve it (at most the amount chargeable within the plan's excess, lowered if they judge so)
 * or waive it with a written reason. Shared by the console and the server.
 */
export const DamageClaimStatus = z.enum(['pending', 'approved', 'waived']);
export type DamageClaimStatus = z.infer<typeof DamageClaimStatus>;
export const DAMAGE_CLAIM_STATUS_LABELS: Record<DamageClaimStatus, string> = {
  pending: 'À décider',
  approved: 'Approuvée',
  waived: 'Abandonnée',
};

const Person = z.object({ id: z.uuid(), name: z.string() });

export const DamageClaim = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  reference: z.string(),
  vehicleId: z.uuid(),
  vehicleName: z.string(),
  customerName: z.string(),
  recordedBy: Person,
  recordedAt: z.string(),
  protection: z.enum(PROTECTION_IDS),
  protectionName: z.string(),
  /** The plan's excess; null when it is the vehicle's value and that value is not recorded. */
  excessCents: z.number().int().nullable(),
  assessedCents: z.number().int(),
  /** The assessed damage within the excess: the most an approval may charge. */
  chargeableCents: z.number().int(),
  /** Kilometres and fuel owed at the return, taken with the decision. */
  otherChargesCents: z.number().int(),
  /** What the deposit hold on the card covers now, and until when the processor keeps it. */
  depositHeldCents: z.number().int(),
  depositHeldUntil: z.string().nullable(),
  damages: z.array(Damage),
  note: z.string(),
  reportUrl: z.string(),
  status: DamageClaimStatus,
  approvedCents: z.number().int().nullable(),
  decidedBy: Person.nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** The decision's money has been taken (deposit, then card) and the rental closed. */
  settled: z.boolean(),
  /** What the saved card refused at the settlement, owed by the customer. */
  unpaidCents: z.number().int().nullable(),
});
export type DamageClaim = z.infer<typeof DamageClaim>;

export const DamageClaimList = z.object({ claims: z.array(DamageClaim) });
export type DamageClaimList = z.infer<typeof DamageClaimList>;

export const DamageClaimQuery = z.object({
  status: DamageClaimStatus.optional(),
});
export type DamageClaimQuery = z.infer<typeof DamageClaimQuery>;

/** The approval: the amount charged for the damage (at most the chargeable amount), and why. */
export const DamageClaimApproval = z.object({
  amountCents: z
    .number({ error: 'Le montant retenu est obligatoire.' })
    .int('Le montant retenu doit avoir au plus deux décimales.')
    .min(1, 'Le montant retenu doit être supérieur à 0 : sinon, renoncez aux dommages.')
    .max(100_000_000, 'Le montant retenu est trop élevé.'),
  note: z.string().trim().max(500, 'La note ne doit pas dépasser 500 caractères.').default(''),
});
export type DamageClaimApproval = z.input<typeof DamageClaimApproval>;

/** Waiving the damage: nothing is charged for it, and the reason is written down. */
export const DamageClaimWaiver = z.object({
  reason: z
    .string({ error: 'Le motif est obligatoire.' })
    .trim()
    .min(3, 'Expliquez pourquoi les dommages ne sont pas facturés (3 caractères au moins).')
    .max(500, 'Le motif ne doit pas dépasser 500 caractères.'),
});
export type DamageClaimWaiver = z.infer<typeof DamageClaimWaiver>;
