import { formatEuros } from '@vroum/core/money-format';
import { AppError, notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import { tellBalancePaid } from './balance-notice';
import {
  isMoneyActionRecorded,
  lockBalanceDue,
  reduceBalanceDue,
} from './booking-money.repository';
import type { BookingOpsDeps } from './booking-money.service';
import { recordMovement } from './money-ledger.repository';
import { findOpenBalanceCardPayment } from './balance-card-payment.repository';
import { closeOpenBalanceCardPayment } from './balance-card-payment.service';

export interface BalancePayment {
  bookingId: string;
  actorUserId: string;
  amountCents: number;
  /** How the customer paid (transfer, cheque, card at the agency…) and its reference. */
  note: string;
  /** One payment per key: a retried or concurrent request records it once. */
  key: string;
}

/**
 * What the customer's card refused at the return, paid another way: the team records the amount
 * (all or part of what is owed, never more) and how it was paid. The balance goes down, the
 * audit log keeps the payment, and the customer is told what was received and what remains.
 */
export async function recordBalancePayment(
  deps: BookingOpsDeps,
  payment: BalancePayment,
): Promise<void> {
  const { bookingId, amountCents } = payment;
  // A card payment the customer left open is cancelled first (or recorded, if it went through):
  // the balance is never paid twice.
  await closeOpenBalanceCardPayment(deps, bookingId);
  const remaining = await deps.db.transaction(async (tx) => {
    // Locked first: a concurrent request with the same key then sees this one's record.
    const due = await lockBalanceDue(tx, bookingId);
    if (due === null) throw notFound('Réservation introuvable', 'booking_not_found');
    if (await isMoneyActionRecorded(tx, bookingId, 'booking.balance_paid', payment.key)) {
      return null;
    }
    if (await findOpenBalanceCardPayment(tx, bookingId)) {
      throw new AppError(
        'balance_payment_in_progress',
        'Le client règle ce solde par carte en ce moment : réessayez dans quelques minutes.',
        409,
      );
    }
    if (due === 0) {
      throw new AppError(
        'no_balance_due',
        'Aucun solde ne reste dû sur cette réservation.',
        422,
        'amountCents',
      );
    }
    if (amountCents > due) {
      throw new AppError(
        'payment_too_large',
        `Le montant réglé dépasse le solde dû (${formatEuros(due)}).`,
        422,
        'amountCents',
      );
    }
    await reduceBalanceDue(tx, bookingId, amountCents);
    await recordMovement(tx, {
      bookingId,
      kind: 'balance_payment',
      amountCents,
      provider: 'outside',
      key: payment.key,
      actorUserId: payment.actorUserId,
      note: payment.note,
    });
    await writeAudit(tx, {
      actorUserId: payment.actorUserId,
      action: 'booking.balance_paid',
      entity: 'booking',
      entityId: bookingId,
      before: { balanceDueCents: due },
      after: {
        amountCents,
        note: payment.note,
        balanceDueCents: due - amountCents,
        idempotencyKey: payment.key,
      },
    });
    return due - amountCents;
  });
  if (remaining === null) return;
  await tellBalancePaid(deps, {
    bookingId,
    key: payment.key,
    received: `Nous avons bien reçu votre règlement de ${formatEuros(amountCents)}.`,
    remainingCents: remaining,
  });
}
