import { formatEuros } from '@vroum/core/money-format';
import { planRefund, type RefundableKind, type RefundablePayment } from '@vroum/core/refunds';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import { applyBookingEvent } from './booking-events.service';
import { lockBookingState } from './booking-lifecycle.repository';
import { atProvider, type BookingOpsDeps } from './booking-money.service';
import { lockRentalPayment, recordRefund } from './booking-money.repository';
import {
  dropPendingMovement,
  recordMovement,
  settleMovement,
  type MovementRow,
} from './money-ledger.repository';
import {
  findRefundablePayments,
  findRefundParts,
  findSettledRefundTotals,
} from './refund-ledger.repository';

export interface RefundInput {
  bookingId: string;
  /** Who asked; null for the processor's late payment given back. */
  actorUserId: string | null;
  amountCents: number;
  /**
   * The request's idempotency key: one refund per key, however often it is asked. Its first part
   * is asked of the processor under this key, each further part under `key#n`.
   */
  key: string;
  /** The payment to give back (its ledger movement); unnamed, the refund is split (refundOrder). */
  paymentId?: number;
  /** The payment to give back, by its intent (a late payment given back whole). */
  providerRef?: string;
  /** The kinds of payment the refund is about, taken first when it names none. */
  prefer?: readonly RefundableKind[];
  /** Recorded with the refund (e.g. the customer's cancellation and its fee). */
  details?: Record<string, unknown>;
}

/** The booking's payments received by card, with what the ledger says remains on each. */
export async function refundablePayments(
  db: Queryable,
  bookingId: string,
  provider: string,
): Promise<RefundablePayment[]> {
  return (await findRefundablePayments(db, bookingId, provider)).map((row) => ({
    id: row.id,
    kind: row.kind,
    providerRef: row.provider_ref,
    capturedCents: row.captured_cents,
    refundedCents: row.refunded_cents,
    refundableCents: Math.max(0, row.captured_cents - row.refunded_cents),
    note: row.note,
    createdAt: row.created_at.toISOString(),
  }));
}

function refusal(
  plan: { reason: 'nothing_left' | 'too_large' | 'unknown_payment'; refundableCents: number },
  named: boolean,
): AppError {
  if (plan.reason === 'unknown_payment') {
    return new AppError(
      'unknown_payment',
      'Ce paiement n’appartient pas à cette réservation.',
      422,
      'paymentId',
    );
  }
  if (plan.reason === 'nothing_left') {
    return named
      ? new AppError(
          'nothing_to_refund',
          'Ce paiement a déjà été entièrement remboursé.',
          422,
          'paymentId',
        )
      : new AppError(
          'nothing_to_refund',
          'Aucun montant encaissé ne reste à rembourser sur cette réservation.',
          422,
          'amountCents',
        );
  }
  return new AppError(
    'refund_too_large',
    named
      ? `Le montant du remboursement dépasse ce qui reste remboursable sur ce paiement (${formatEuros(plan.refundableCents)}).`
      : `Le montant du remboursement dépasse le montant encaissé restant (${formatEuros(plan.refundableCents)}).`,
    422,
    'amountCents',
  );
}

/**
 * Reserves a refund in the ledger, inside the caller's transaction holding the booking's lock:
 * one pending row per payment it gives back, each naming that payment (its movement and
 * intent), at most what remains on it (refunds made or under way deducted), under its own key.
 * Two refunds asked together can thus never give back more than a payment received.
 */
export async function reserveRefund(
  tx: Queryable,
  deps: BookingOpsDeps,
  input: RefundInput,
): Promise<void> {
  const payments = await refundablePayments(tx, input.bookingId, deps.payments.name);
  const paymentId =
    input.providerRef === undefined
      ? input.paymentId
      : (payments.find((payment) => payment.providerRef === input.providerRef)?.id ?? -1);
  const plan = planRefund(payments, input.amountCents, { paymentId, prefer: input.prefer });
  if (!plan.ok) throw refusal(plan, paymentId !== undefined);
  for (const [index, part] of plan.parts.entries()) {
    await recordMovement(tx, {
      bookingId: input.bookingId,
      kind: 'rental_refund',
      amountCents: part.amountCents,
      state: 'pending',
      provider: deps.payments.name,
      providerRef: part.payment.providerRef,
      key: index === 0 ? input.key : `${input.key}#${index + 1}`,
      requestKey: input.key,
      refundsMovementId: part.payment.id,
      actorUserId: input.actorUserId,
    });
  }
}

/**
 * Gives back part or all of what the booking's customer paid by card, through the payment port,
 * once per key: reserved in the ledger under the booking's lock (`reserveRefund`), then each
 * part asked of the processor and settled with its consequences. A request asked again finds
 * its parts and completes those still pending; a crash between the processor and the recording
 * leaves them for a retry (same key) or for the job that settles pending movements.
 */
export async function refundRental(deps: BookingOpsDeps, input: RefundInput): Promise<void> {
  const pending = await deps.db.transaction(async (tx) => {
    await lockBookingState(tx, input.bookingId);
    if ((await findRefundParts(tx, input.key)).length === 0) {
      await reserveRefund(tx, deps, input);
    }
    return (await findRefundParts(tx, input.key)).filter((part) => part.state === 'pending');
  });
  await completeRefundParts(deps, input, pending);
}

/** Asks the processor for each pending part of a refund request, in order. */
export async function completeRefundParts(
  deps: BookingOpsDeps,
  input: Omit<RefundInput, 'amountCents' | 'key'>,
  parts: readonly MovementRow[],
): Promise<void> {
  for (const part of parts) {
    if (!part.provider_ref) continue;
    await completeRefund(deps, {
      ...input,
      amountCents: part.amount_cents,
      key: part.idempotency_key,
      providerRef: part.provider_ref,
    });
  }
}

/** The pending parts of a refund request, for the caller that reserved them in its own change. */
export async function pendingRefundParts(db: Queryable, key: string): Promise<MovementRow[]> {
  return (await findRefundParts(db, key)).filter((part) => part.state === 'pending');
}

/**
 * Asks the processor for one refund part reserved in the ledger, then records it: the part
 * settled, the payment's row (the rental's or a card charge's; an extension or a balance has
 * none) and the audit entry; once everything received by card is given back, the booking's
 * event.
 */
export async function completeRefund(
  deps: BookingOpsDeps,
  input: Omit<RefundInput, 'key' | 'amountCents'> & {
    key: string;
    amountCents: number;
    providerRef: string;
  },
): Promise<void> {
  const { bookingId, amountCents, key, providerRef } = input;
  let refund: { id: string };
  try {
    refund = await atProvider(
      deps,
      bookingId,
      'refund',
      { code: 'refund_in_progress', message: 'Ce remboursement est déjà en cours.' },
      () => deps.payments.refund(providerRef, amountCents, key),
    );
  } catch (error) {
    // Refused by the processor: the reservation is taken back, so the same key may be asked
    // again (a 409, the same key still under way, leaves it to the request that holds it).
    if (!(error instanceof AppError && error.statusCode === 409)) {
      await deps.db.transaction((tx) => dropPendingMovement(tx, key));
    }
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    await lockBookingState(tx, bookingId);
    const before = await lockRentalPayment(tx, bookingId, deps.payments.name, providerRef);
    if (!(await settleMovement(tx, key))) return;
    const after = before
      ? await recordRefund(tx, deps.payments.name, providerRef, amountCents)
      : null;
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: 'booking.refund',
      entity: 'booking',
      entityId: bookingId,
      before: {
        paymentStatus: before?.payment_status,
        refundedCents: before?.amount_refunded_cents,
      },
      after: {
        refundedCents: after?.refundedCents,
        ...input.details,
        amountCents,
        providerRef,
        refundId: refund.id,
        idempotencyKey: key,
      },
    });
    const totals = await findSettledRefundTotals(tx, bookingId);
    if (totals.capturedCents > 0 && totals.refundedCents >= totals.capturedCents) {
      await applyBookingEvent(tx, deps.site, {
        bookingId,
        event: 'fully_refunded',
        actorUserId: input.actorUserId,
        details: { idempotencyKey: key },
        notice: null,
      });
    }
  });
}
