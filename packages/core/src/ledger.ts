import { z } from 'zod';

/** The kinds of money movement a booking's ledger holds. */
export const MOVEMENT_KINDS = [
  'rental_authorisation',
  'rental_capture',
  'rental_refund',
  'rental_void',
  'deposit_hold',
  'deposit_capture',
  'deposit_release',
  'card_charge',
  'charge_due',
  'charge_waived',
  'balance_payment',
  'extension_payment',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** How the team reads each movement in the console. */
export const MOVEMENT_LABELS: Record<MovementKind, string> = {
  rental_authorisation: 'Location autorisée sur la carte',
  rental_capture: 'Location encaissée',
  rental_refund: 'Remboursement',
  rental_void: 'Autorisation annulée',
  deposit_hold: 'Caution retenue sur la carte',
  deposit_capture: 'Prélevé sur la caution',
  deposit_release: 'Caution libérée',
  card_charge: 'Prélevé sur la carte enregistrée',
  charge_due: 'Reste dû par le client',
  charge_waived: 'Reste dû annulé',
  balance_payment: 'Règlement reçu',
  extension_payment: 'Prolongation payée',
};

export const LedgerMovement = z.object({
  id: z.number().int(),
  kind: z.enum(MOVEMENT_KINDS),
  amountCents: z.number().int(),
  /** 'pending' while the processor is being asked. */
  state: z.enum(['pending', 'done']),
  provider: z.string(),
  providerRef: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerMovement = z.infer<typeof LedgerMovement>;

export const LedgerTotals = z.object({
  /** Everything received from the customer: the rental, charges, deposit taken, payments. */
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  /** Refunds asked of the processor and not yet confirmed. */
  refundPendingCents: z.number().int(),
  depositHeldCents: z.number().int(),
  depositCapturedCents: z.number().int(),
  /** Owed by the customer and not yet paid. */
  dueCents: z.number().int(),
});
export type LedgerTotals = z.infer<typeof LedgerTotals>;

export const BookingLedger = z.object({
  bookingId: z.uuid(),
  movements: z.array(LedgerMovement),
  totals: LedgerTotals,
});
export type BookingLedger = z.infer<typeof BookingLedger>;

type Countable = Pick<LedgerMovement, 'kind' | 'amountCents' | 'state'>;

/** The booking's balances, summed from its movements: the one way they are computed. */
export function ledgerTotals(movements: readonly Countable[]): LedgerTotals {
  const sum = (kinds: readonly MovementKind[], state: Countable['state'] = 'done') =>
    movements
      .filter((movement) => movement.state === state && kinds.includes(movement.kind))
      .reduce((total, movement) => total + movement.amountCents, 0);
  return {
    paidCents: sum([
      'rental_capture',
      'card_charge',
      'deposit_capture',
      'balance_payment',
      'extension_payment',
    ]),
    refundedCents: sum(['rental_refund']),
    refundPendingCents: sum(['rental_refund'], 'pending'),
    depositHeldCents: sum(['deposit_hold']) - sum(['deposit_capture', 'deposit_release']),
    depositCapturedCents: sum(['deposit_capture']),
    dueCents: sum(['charge_due']) - sum(['charge_waived', 'balance_payment']),
  };
}

/** What a comparison of the ledger with the processor measures. */
export const RECONCILIATION_MEASURES = {
  captured: 'Montant encaissé',
  refunded: 'Montant remboursé',
  held: 'Caution retenue',
} as const;

export const ReconciliationDifference = z.object({
  id: z.number().int(),
  bookingId: z.uuid(),
  reference: z.string(),
  provider: z.string(),
  providerRef: z.string(),
  measure: z.enum(['captured', 'refunded', 'held']),
  ledgerCents: z.number().int(),
  processorCents: z.number().int(),
  detectedAt: z.string(),
  checkedAt: z.string(),
});
export type ReconciliationDifference = z.infer<typeof ReconciliationDifference>;
