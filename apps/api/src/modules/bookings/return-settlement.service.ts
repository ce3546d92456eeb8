import { PaymentDeclinedError } from '../../providers/payment/payment-provider';
import { writeAudit } from '../audit/audit.service';
import { atProvider, releaseHolds, type BookingOpsDeps } from './booking-money.service';
import { captureDeposit } from './deposit-capture.service';
import { findSavedCard, isMoneyActionRecorded, recordBalanceDue } from './booking-money.repository';
import { upsertPayment } from './bookings.repository';
import { recordMovement } from './money-ledger.repository';

export interface ReturnSettlement {
  bookingId: string;
  actorUserId: string;
  /** Split decided once, when the return was recorded: from the deposit, then the saved card. */
  fromDepositCents: number;
  cardCents: number;
  reason: string;
  /** The base of the provider keys: a retried or concurrent decision charges once. */
  key: string;
  /**
   * When the amounts include damage: the administrator's approval of the damage claim (never the
   * agent who found it), recorded with every movement it causes.
   */
  approval?: { claimId: string; decidedBy: string };
}

/**
 * Takes what the return inspection found owed: from the deposit held on the card, the rest (if
 * any) charged to the card saved at payment, off-session; nothing due releases the hold. Every
 * call carries a key derived from `key`, so the same decision never charges twice. What the card
 * refuses (or the lack of a saved card) does not keep the rental open: it is recorded as owed,
 * for the team to settle with the customer, and returned here. Damage is among the amounts only
 * once an administrator approved it: the approval goes with the settlement into the records.
 */
export async function settleReturnCharges(
  deps: BookingOpsDeps,
  settlement: ReturnSettlement,
): Promise<{ unpaidCents: number }> {
  const { bookingId } = settlement;
  if (settlement.fromDepositCents > 0) {
    await captureDeposit(deps, {
      bookingId,
      actorUserId: settlement.actorUserId,
      amountCents: settlement.fromDepositCents,
      reason: settlement.approval
        ? `${settlement.reason} (dommages approuvés, dossier ${settlement.approval.claimId})`
        : settlement.reason,
      key: `${settlement.key}:deposit`,
    });
  }
  const unpaidCents =
    settlement.cardCents > 0 ? await chargeSavedCard(deps, settlement, settlement.cardCents) : 0;
  await releaseHolds(deps, bookingId, ['deposit']);
  return { unpaidCents };
}

/** Charges the saved card off-session; answers what stays owed (0, or all of it if refused). */
async function chargeSavedCard(
  deps: BookingOpsDeps,
  settlement: ReturnSettlement,
  amountCents: number,
): Promise<number> {
  const { bookingId } = settlement;
  const key = `${settlement.key}:card`;
  if (await isMoneyActionRecorded(deps.db, bookingId, 'booking.extra_charge', key)) return 0;
  if (await isMoneyActionRecorded(deps.db, bookingId, 'booking.balance_due', key)) {
    return amountCents;
  }
  const card = await findSavedCard(deps.db, bookingId);
  const held = card
    ? await atProvider(
        deps,
        bookingId,
        'extra charge',
        { code: 'charge_in_progress', message: 'Ce prélèvement est déjà en cours.' },
        () =>
          deps.payments
            .holdOffSession({
              amountCents,
              paymentMethodId: card,
              description: `Frais de restitution ${bookingId.slice(0, 8).toUpperCase()}`,
              metadata: { bookingId, kind: 'return_charges' },
              idempotencyKey: key,
            })
            .catch((error: unknown) => {
              if (error instanceof PaymentDeclinedError) return error;
              throw error;
            }),
      )
    : null;
  if (!held || held instanceof PaymentDeclinedError) {
    await deps.db.transaction(async (tx) => {
      if (await isMoneyActionRecorded(tx, bookingId, 'booking.balance_due', key)) return;
      // What the customer now owes: a ledger row of its own, paid off by balance payments.
      await recordMovement(tx, {
        bookingId,
        kind: 'charge_due',
        amountCents,
        provider: 'outside',
        key,
        actorUserId: settlement.actorUserId,
        note: settlement.reason,
      });
      await recordBalanceDue(tx, bookingId, amountCents);
      await writeAudit(tx, {
        actorUserId: settlement.actorUserId,
        action: 'booking.balance_due',
        entity: 'booking',
        entityId: bookingId,
        before: null,
        after: {
          amountCents,
          reason: held ? held.message : 'Aucune carte enregistrée',
          idempotencyKey: key,
          approval: settlement.approval ?? null,
        },
      });
    });
    return amountCents;
  }
  const captured = await atProvider(
    deps,
    bookingId,
    'extra charge capture',
    { code: 'charge_in_progress', message: 'Ce prélèvement est déjà en cours.' },
    () => deps.payments.captureIntent(held.id, `${key}:capture`),
  );
  await deps.db.transaction(async (tx) => {
    if (await isMoneyActionRecorded(tx, bookingId, 'booking.extra_charge', key)) return;
    await recordMovement(tx, {
      bookingId,
      kind: 'card_charge',
      amountCents: captured.amountReceivedCents,
      provider: deps.payments.name,
      providerRef: captured.id,
      key,
      actorUserId: settlement.actorUserId,
      note: settlement.reason,
    });
    await upsertPayment(tx, {
      bookingId,
      provider: deps.payments.name,
      providerRef: captured.id,
      kind: 'rental',
      amountCents,
      status: captured.status,
      amountCapturedCents: captured.amountReceivedCents,
    });
    await writeAudit(tx, {
      actorUserId: settlement.actorUserId,
      action: 'booking.extra_charge',
      entity: 'booking',
      entityId: bookingId,
      before: null,
      after: {
        amountCents,
        reason: settlement.reason,
        idempotencyKey: key,
        approval: settlement.approval ?? null,
      },
    });
  });
  return 0;
}
