import { MIN_CARD_AMOUNT_CENTS } from '@vroum/core/card-amounts';
import type { FastifyBaseLogger } from 'fastify';
import {
  findDueDepositHolds,
  findExpiredHoldIds,
  findLapsingDepositHolds,
  findUnsettledPaymentIds,
  type LapsingDepositHold,
} from './booking-jobs.repository';
import { applyBookingEvent } from './booking-events.service';
import { recordMovement } from './money-ledger.repository';
import type { PaymentIntent } from '../../providers/payment/payment-provider';
import { findBookingForPayment, upsertPayment } from './bookings.repository';
import { cancelPendingBooking } from './bookings.service';
import { settleBookingPayment, type SettlementDeps } from './payment-settlement';

/** What the booking jobs need: settling payments (database, payment port, site) and a log. */
export interface BookingJobsDeps extends SettlementDeps {
  log: FastifyBaseLogger;
}

/**
 * Background work that keeps bookings and money consistent with the payment provider. Each job
 * is safe to run on several instances at once and after a crash (every step is idempotent).
 */

/** Unpaid holds whose 15 minutes are over free the car; paid ones are confirmed instead. */
export async function releaseExpiredHolds(deps: BookingJobsDeps): Promise<number> {
  const ids = await findExpiredHoldIds(deps.db);
  for (const id of ids) {
    const booking = await findBookingForPayment(deps.db, id);
    if (!booking) continue;
    const outcome = await settleBookingPayment(deps, booking);
    if (outcome.bookingStatus !== 'pending') continue;
    if (booking.rental_intent_id) {
      const intent = await deps.payments.cancelIntent(
        booking.rental_intent_id,
        `booking:${id}:expire`,
      );
      if (intent.status === 'succeeded') {
        await settleBookingPayment(deps, booking);
        continue;
      }
    }
    await cancelPendingBooking(deps, booking, 'hold_lapsed');
  }
  return ids.length;
}

/** Settles pending payments from the provider's truth (a crash between card and booking). */
export async function reconcilePendingPayments(deps: BookingJobsDeps): Promise<number> {
  const ids = await findUnsettledPaymentIds(deps.db);
  for (const id of ids) {
    const booking = await findBookingForPayment(deps.db, id);
    if (booking) await settleBookingPayment(deps, booking);
  }
  return ids.length;
}

/**
 * Deposit holds (issue 5, decision 013): a card authorisation lasts about 7 days, so the deposit
 * is authorised on the saved card 24 h before delivery, not at booking time, and renewed while
 * the rental lasts longer than the authorisation.
 */
export async function placeDueDepositHolds(deps: BookingJobsDeps): Promise<number> {
  const rows = await findDueDepositHolds(deps.db);
  for (const booking of rows) {
    if (!booking.saved_payment_method || booking.deposit_amount_cents < MIN_CARD_AMOUNT_CENTS) {
      await depositEvent(deps, booking.id, 'deposit_hold_failed');
      continue;
    }
    await holdDeposit(deps, {
      bookingId: booking.id,
      reference: booking.reference,
      amountCents: booking.deposit_amount_cents,
      paymentMethodId: booking.saved_payment_method,
      idempotencyKey: `booking:${booking.id}:deposit:1`,
    });
  }
  return rows.length;
}

/** A deposit event written through the gate, in a transaction of its own. */
function depositEvent(
  deps: BookingJobsDeps,
  bookingId: string,
  event: 'deposit_hold_failed',
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const outcome = await applyBookingEvent(tx, deps.config.site, {
      bookingId,
      event,
      actorUserId: null,
      notice: null,
    });
    return outcome.applied;
  });
}

/**
 * Places a deposit hold; true when it is held. The hold, its ledger row and the booking's event
 * are written together; a booking closed meanwhile gets its new authorisation released at once.
 */
async function holdDeposit(
  deps: BookingJobsDeps,
  hold: {
    bookingId: string;
    reference: string;
    amountCents: number;
    paymentMethodId: string;
    idempotencyKey: string;
  },
): Promise<boolean> {
  const { bookingId } = hold;
  let intent: PaymentIntent;
  try {
    intent = await deps.payments.holdOffSession({
      amountCents: hold.amountCents,
      paymentMethodId: hold.paymentMethodId,
      description: `Caution · réservation ${hold.reference}`,
      metadata: { bookingId, reference: hold.reference, kind: 'deposit' },
      idempotencyKey: hold.idempotencyKey,
    });
  } catch (error) {
    deps.log.error({ err: error, bookingId }, 'deposit hold failed');
    // A failed renewal leaves the current hold in place (the table refuses it from 'held').
    await depositEvent(deps, bookingId, 'deposit_hold_failed');
    return false;
  }
  const held = await deps.db.transaction(async (tx) => {
    await upsertPayment(tx, {
      bookingId,
      provider: deps.payments.name,
      providerRef: intent.id,
      kind: 'deposit',
      amountCents: hold.amountCents,
      status: intent.status,
      captureBefore: intent.captureBefore,
    });
    const outcome = await applyBookingEvent(tx, deps.config.site, {
      bookingId,
      event: 'deposit_held',
      actorUserId: null,
      details: { amountCents: hold.amountCents, idempotencyKey: hold.idempotencyKey },
      notice: null,
    });
    if (outcome.applied) {
      await recordMovement(tx, {
        bookingId,
        kind: 'deposit_hold',
        amountCents: hold.amountCents,
        provider: deps.payments.name,
        providerRef: intent.id,
        key: hold.idempotencyKey,
      });
    }
    return outcome.applied;
  });
  if (held) return true;
  // Cancelled or completed meanwhile: the new authorisation must not stay on the card.
  const released = await deps.payments.cancelIntent(intent.id, `${hold.idempotencyKey}:release`);
  await upsertPayment(deps.db, {
    bookingId,
    provider: deps.payments.name,
    providerRef: released.id,
    kind: 'deposit',
    amountCents: hold.amountCents,
    status: released.status,
  });
  return false;
}

/** Renews a deposit hold that would lapse before the car is back (plus a day for inspection). */
export async function renewDepositHolds(deps: BookingJobsDeps): Promise<number> {
  const rows = await findLapsingDepositHolds(deps.db);
  for (const hold of rows) await renewDepositHold(deps, hold);
  return rows.length;
}

/**
 * Replaces one held deposit by a new authorisation on the saved card, then releases the old one;
 * the old hold stays until a new one is in place. Keyed on the hold it replaces: a retry never
 * stacks a second new authorisation.
 */
export async function renewDepositHold(
  deps: BookingJobsDeps,
  hold: LapsingDepositHold,
): Promise<boolean> {
  const renewed = await holdDeposit(deps, {
    bookingId: hold.booking_id,
    reference: hold.reference,
    amountCents: hold.amount_cents,
    paymentMethodId: hold.saved_payment_method,
    idempotencyKey: `deposit:renew:${hold.provider_ref}`,
  });
  if (!renewed) return false;
  const key = `deposit:${hold.provider_ref}:renewed`;
  const old = await deps.payments.cancelIntent(hold.provider_ref, key);
  await deps.db.transaction(async (tx) => {
    await upsertPayment(tx, {
      bookingId: hold.booking_id,
      provider: deps.payments.name,
      providerRef: old.id,
      kind: 'deposit',
      amountCents: hold.amount_cents,
      status: old.status,
    });
    await recordMovement(tx, {
      bookingId: hold.booking_id,
      kind: 'deposit_release',
      amountCents: hold.amount_cents,
      provider: deps.payments.name,
      providerRef: old.id,
      key,
    });
  });
  return true;
}
