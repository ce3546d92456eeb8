import { formatEuros } from '@vroum/core/money-format';
import { AppError, notFound } from '../../lib/app-error';
import type { PaymentIntent } from '../../providers/payment/payment-provider';
import { writeAudit } from '../audit/audit.service';
import { hasOpenDispute } from '../../db/open-cases.repository';
import {
  closeBalanceCardPayment,
  findBalanceCardPaymentByIntent,
  findBalanceDue,
  findOpenBalanceCardPayment,
  insertBalanceCardPayment,
  setBalanceCardIntent,
  type BalanceCardPaymentRow,
} from './balance-card-payment.repository';
import { lockBalanceDue, reduceBalanceDue } from './booking-money.repository';
import { atProvider, type BookingOpsDeps } from './booking-money.service';
import { recordMovement } from './money-ledger.repository';
import { tellBalancePaid } from './balance-notice';

export interface BalanceCardStart {
  intentId: string;
  clientSecret: string;
  amountCents: number;
}

const inProgress = {
  code: 'balance_payment_in_progress',
  message: 'Le paiement de ce solde est déjà en cours. Patientez quelques secondes.',
};

export const disputedBalance = () =>
  new AppError(
    'balance_disputed',
    'Votre contestation des frais de restitution est en cours d’examen : aucun montant ne vous est demandé avant notre décision.',
    409,
  );

/**
 * Starts (or takes up) the customer's card payment of what they owe: one open payment per
 * balance, claimed under the booking's lock, its intent created at the processor with automatic
 * capture under the payment's own key, so two tabs or two taps share one intent. A payment left
 * open for another amount (a transfer recorded meanwhile) is cancelled first. Nothing is asked
 * while a dispute of the charges is open.
 */
export async function startBalanceCardPayment(
  deps: BookingOpsDeps,
  bookingId: string,
): Promise<BalanceCardStart> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const claim = await deps.db.transaction(async (tx) => {
      const due = await lockBalanceDue(tx, bookingId);
      if (due === null) throw notFound('Réservation introuvable', 'booking_not_found');
      if (await hasOpenDispute(tx, bookingId)) throw disputedBalance();
      const open = await findOpenBalanceCardPayment(tx, bookingId);
      if (open) return open.amount_cents === due ? { row: open } : { stale: open };
      if (due === 0) {
        throw new AppError('no_balance_due', 'Aucun solde ne reste dû sur cette réservation.', 422);
      }
      return {
        row: await insertBalanceCardPayment(tx, {
          bookingId,
          provider: deps.payments.name,
          amountCents: due,
        }),
      };
    });
    if (claim.stale) {
      await cancelBalanceCardPayment(deps, claim.stale);
      continue;
    }
    const intent = await intentOf(deps, claim.row);
    if (intent.status === 'succeeded') {
      await recordCardBalancePayment(deps, claim.row, intent);
      continue;
    }
    return {
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      amountCents: intent.amountCents,
    };
  }
  throw new AppError(inProgress.code, inProgress.message, 409);
}

/** The payment's intent: created once under its key (the same answer when asked again). */
async function intentOf(deps: BookingOpsDeps, row: BalanceCardPaymentRow): Promise<PaymentIntent> {
  const intent = await atProvider(deps, row.booking_id, 'balance intent', inProgress, async () =>
    row.intent_id
      ? deps.payments.retrieveIntent(row.intent_id)
      : deps.payments.createIntent({
          amountCents: row.amount_cents,
          captureMethod: 'automatic',
          description: `Solde de la location ${row.booking_id.slice(0, 8).toUpperCase()}`,
          metadata: { bookingId: row.booking_id, kind: 'balance' },
          idempotencyKey: row.idempotency_key,
        }),
  );
  if (!row.intent_id) await setBalanceCardIntent(deps.db, row.id, intent.id);
  return intent;
}

/**
 * Cancels an open card payment at the processor before the balance is paid another way or for
 * another amount; one the customer completed meanwhile is recorded instead.
 */
export async function cancelBalanceCardPayment(
  deps: BookingOpsDeps,
  row: BalanceCardPaymentRow,
): Promise<void> {
  const intent = await intentOf(deps, row);
  const after =
    intent.status === 'succeeded' || intent.status === 'canceled'
      ? intent
      : await atProvider(deps, row.booking_id, 'balance intent cancel', inProgress, () =>
          deps.payments.cancelIntent(intent.id, `${row.idempotency_key}:cancel`),
        );
  if (after.status === 'succeeded') {
    await recordCardBalancePayment(deps, row, after);
    return;
  }
  await deps.db.transaction((tx) => closeBalanceCardPayment(tx, row.id, 'cancelled'));
}

/** The open card payment of a booking, cancelled (or recorded, if paid meanwhile). */
export async function closeOpenBalanceCardPayment(
  deps: BookingOpsDeps,
  bookingId: string,
): Promise<void> {
  const open = await findOpenBalanceCardPayment(deps.db, bookingId);
  if (open) await cancelBalanceCardPayment(deps, open);
}

/**
 * What the browser calls once the card form (and its 3-D Secure challenge) is done: the intent is
 * read again from the processor, and a received payment recorded once.
 */
export async function settleBalanceCardPayment(
  deps: BookingOpsDeps,
  bookingId: string,
  intentId: string,
): Promise<{ status: 'paid' | 'pending' | 'failed'; balanceDueCents: number }> {
  const row = await findBalanceCardPaymentByIntent(deps.db, intentId);
  if (!row || row.booking_id !== bookingId) throw notFound('Paiement introuvable.');
  const intent = await atProvider(deps, bookingId, 'balance intent', inProgress, () =>
    deps.payments.retrieveIntent(intentId),
  );
  if (intent.status === 'succeeded') await recordCardBalancePayment(deps, row, intent);
  const balanceDueCents = (await findBalanceDue(deps.db, bookingId)) ?? 0;
  if (intent.status === 'succeeded') return { status: 'paid', balanceDueCents };
  const failed = intent.status === 'canceled' || intent.status === 'requires_payment_method';
  return { status: failed ? 'failed' : 'pending', balanceDueCents };
}

/**
 * Records a card payment the processor received, once: under the booking's lock, the payment
 * closed, the ledger's `balance_payment` row (keyed by the payment's key, with the intent), the
 * balance lowered and the audit entry; never more than what is owed is counted.
 */
export async function recordCardBalancePayment(
  deps: BookingOpsDeps,
  row: BalanceCardPaymentRow,
  intent: PaymentIntent,
): Promise<void> {
  const bookingId = row.booking_id;
  const recorded = await deps.db.transaction(async (tx) => {
    const due = (await lockBalanceDue(tx, bookingId)) ?? 0;
    if (!(await closeBalanceCardPayment(tx, row.id, 'paid'))) return null;
    const amountCents = Math.min(intent.amountReceivedCents, due);
    if (amountCents > 0) {
      await reduceBalanceDue(tx, bookingId, amountCents);
      await recordMovement(tx, {
        bookingId,
        kind: 'balance_payment',
        amountCents,
        provider: deps.payments.name,
        providerRef: intent.id,
        key: row.idempotency_key,
        note: 'Payé par carte en ligne (3-D Secure)',
      });
    }
    await writeAudit(tx, {
      actorUserId: null,
      action: 'booking.balance_paid',
      entity: 'booking',
      entityId: bookingId,
      before: { balanceDueCents: due },
      after: {
        amountCents,
        note: 'Payé par carte en ligne',
        provider: deps.payments.name,
        intentId: intent.id,
        balanceDueCents: due - amountCents,
        // Received beyond what was owed (never expected: a payment elsewhere closes this one).
        excessCents: intent.amountReceivedCents - amountCents,
        idempotencyKey: row.idempotency_key,
      },
    });
    return { amountCents, remaining: due - amountCents };
  });
  if (!recorded) return;
  if (recorded.amountCents < intent.amountReceivedCents) {
    deps.log.error({ bookingId, intentId: intent.id }, 'balance card payment beyond what is owed');
  }
  await tellBalancePaid(deps, {
    bookingId,
    key: row.idempotency_key,
    received: `Votre paiement par carte de ${formatEuros(recorded.amountCents)} est bien reçu.`,
    remainingCents: recorded.remaining,
  });
}
