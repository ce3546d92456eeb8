import { z } from 'zod';

/**
 * The ledger's movements that are money received by card on an intent of their own, and so can
 * be given back on that intent: the rental, an extension, a card charge at the return, a balance
 * paid by card. A deposit capture is given back as a return charge (a dispute), on these.
 */
export const REFUNDABLE_KINDS = [
  'rental_capture',
  'extension_payment',
  'card_charge',
  'balance_payment',
] as const;
export type RefundableKind = (typeof REFUNDABLE_KINDS)[number];

/** How the console names each payment a refund can give back. */
export const REFUNDABLE_LABELS: Record<RefundableKind, string> = {
  rental_capture: 'Location',
  extension_payment: 'Prolongation',
  card_charge: 'Prélèvement à la restitution',
  balance_payment: 'Règlement du solde par carte',
};

/** One captured payment of a booking, with what the ledger says may still be given back on it. */
export const RefundablePayment = z.object({
  /** The ledger movement that received it. */
  id: z.number().int(),
  kind: z.enum(REFUNDABLE_KINDS),
  providerRef: z.string(),
  capturedCents: z.number().int(),
  /** Refunds made or under way on it. */
  refundedCents: z.number().int(),
  refundableCents: z.number().int(),
  /** The movement's note (an extension's new return), else null. */
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundablePayment = z.infer<typeof RefundablePayment>;

export const RefundablePayments = z.object({ payments: z.array(RefundablePayment) });
export type RefundablePayments = z.infer<typeof RefundablePayments>;

type Payment = Pick<RefundablePayment, 'id' | 'kind' | 'capturedCents' | 'refundedCents'>;

export type RefundPlan<P extends Payment> =
  | { ok: true; parts: { payment: P; amountCents: number }[] }
  /** Nothing left on the booking (or on the named payment), or more than is left on it. */
  | {
      ok: false;
      reason: 'nothing_left' | 'too_large' | 'unknown_payment';
      refundableCents: number;
    };

const left = (payment: Payment) => Math.max(0, payment.capturedCents - payment.refundedCents);

/**
 * The order a refund takes the booking's payments in, when it names none: the kinds it is about
 * first (a contested return's charges, a rental's return fee), then the rest; among them the
 * latest payment first. A cancellation thus gives back an extension before the rental, and the
 * fee it keeps stays on the rental's invoice.
 */
export function refundOrder<P extends Payment>(
  payments: readonly P[],
  prefer: readonly RefundableKind[] = [],
): P[] {
  const rank = (payment: P) => (prefer.includes(payment.kind) ? 0 : 1);
  return [...payments].sort((a, b) => rank(a) - rank(b) || b.id - a.id);
}

/**
 * Splits a refund over the payments it gives back, each part at most what remains on its payment;
 * a refund naming one payment takes it from that payment alone.
 */
export function planRefund<P extends Payment>(
  payments: readonly P[],
  amountCents: number,
  options: { paymentId?: number; prefer?: readonly RefundableKind[] } = {},
): RefundPlan<P> {
  const from =
    options.paymentId === undefined
      ? refundOrder(payments, options.prefer)
      : payments.filter((payment) => payment.id === options.paymentId);
  if (options.paymentId !== undefined && from.length === 0) {
    return { ok: false, reason: 'unknown_payment', refundableCents: 0 };
  }
  const refundableCents = from.reduce((sum, payment) => sum + left(payment), 0);
  if (refundableCents <= 0) return { ok: false, reason: 'nothing_left', refundableCents: 0 };
  if (amountCents > refundableCents) return { ok: false, reason: 'too_large', refundableCents };
  const parts: { payment: P; amountCents: number }[] = [];
  let rest = amountCents;
  for (const payment of from) {
    const taken = Math.min(rest, left(payment));
    if (taken <= 0) continue;
    parts.push({ payment, amountCents: taken });
    rest -= taken;
    if (rest === 0) break;
  }
  return { ok: true, parts };
}
