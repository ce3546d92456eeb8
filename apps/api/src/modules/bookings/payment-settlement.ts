import type { BookingEvent } from '@vroum/core/booking-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database, Queryable } from '../../db/client';
import type { PaymentIntent, PaymentProvider } from '../../providers/payment/payment-provider';
import { promotionHasUseLeft, takePromotionUse } from '../promotions/promotions.service';
import { applyBookingEvent } from './booking-events.service';
import { findBookingState, lockBookingState } from './booking-lifecycle.repository';
import { refundRental } from './refunds.service';
import {
  findBookingForPayment,
  lockVehicleBookings,
  upsertPayment,
  type BookingPaymentRow,
} from './bookings.repository';
import { cancelPendingBooking, lapseHoldsOfCar } from './bookings.service';
import { queueConfirmation } from './booking-confirmation';
import { isPeriodTakenByOthers } from './payment-settlement.repository';
import { recordMovement } from './money-ledger.repository';

/** What settling a booking's payment needs: its database, the payment port, the site, a log. */
export interface SettlementDeps {
  db: Database;
  payments: PaymentProvider;
  config: Pick<Config, 'site'>;
  log: FastifyBaseLogger;
}

export interface PaymentOutcome {
  bookingId: string;
  reference: string;
  bookingStatus: BookingPaymentRow['booking_status'];
  paymentStatus: BookingPaymentRow['payment_status'];
  /** The provider's message when the last attempt was declined. */
  lastError: string | null;
}

const outcomeOf = (
  booking: BookingPaymentRow,
  lastError: string | null = null,
): PaymentOutcome => ({
  bookingId: booking.id,
  reference: booking.reference,
  bookingStatus: booking.booking_status,
  paymentStatus: booking.payment_status,
  lastError,
});

/** Why a lapsed hold's late payment cannot bring it back. */
type Refusal = Extract<BookingEvent, 'late_payment_car_taken' | 'late_payment_code_spent'>;

/**
 * Settles a booking's rental payment from the provider's truth (never from a browser or a
 * webhook payload). An authorisation is captured only for a booking that can still take it:
 * pending, or cancelled by its lapsed hold with the car and its code still free; any other is
 * voided. A captured payment confirms the booking through the gate, with its ledger row; one that
 * lands on a booking no longer able to take it (cancelled meanwhile, the car taken) is refunded
 * whole, once. Idempotent: the capture, the void and the refund carry fixed keys and the ledger
 * records each once, so retries, the capture endpoint, webhooks and the jobs can all call it.
 */
export async function settleBookingPayment(
  deps: SettlementDeps,
  booking: BookingPaymentRow,
): Promise<PaymentOutcome> {
  if (!booking.rental_intent_id) return outcomeOf(booking);
  let intent = await deps.payments.retrieveIntent(booking.rental_intent_id);
  if (intent.status === 'requires_capture') {
    const decision = await captureDecision(deps, booking);
    intent =
      decision === 'capture'
        ? await capture(deps, booking, intent)
        : await voidPayment(deps, booking, intent, decision);
  }
  await upsertPayment(deps.db, {
    bookingId: booking.id,
    provider: deps.payments.name,
    providerRef: intent.id,
    kind: 'rental',
    amountCents: intent.amountCents,
    status: intent.status,
    amountCapturedCents: intent.amountReceivedCents,
    lastError: intent.lastError?.message ?? null,
  });

  if (intent.status === 'succeeded') {
    await recordCapturedPayment(deps, booking, intent);
  } else if (intent.status === 'canceled' && booking.booking_status === 'pending') {
    const lapsed = booking.hold_expires_at !== null && booking.hold_expires_at <= new Date();
    await cancelPendingBooking(deps, booking, lapsed ? 'hold_lapsed' : 'payment_impossible');
  }
  const fresh = (await findBookingForPayment(deps.db, booking.id))!;
  return outcomeOf(
    fresh,
    intent.status === 'succeeded' ? null : (intent.lastError?.message ?? null),
  );
}

/**
 * Whether an authorisation may be captured, or what voids it (a first look: the transaction that
 * records the capture decides, and refunds what it cannot take).
 */
async function captureDecision(
  deps: SettlementDeps,
  booking: BookingPaymentRow,
): Promise<'capture' | 'void' | Refusal> {
  const state = await findBookingState(deps.db, booking.id);
  if (state?.booking_status === 'pending') return 'capture';
  if (state?.booking_status !== 'cancelled' || state.cancellation_cause !== 'hold_lapsed') {
    return 'void';
  }
  if (await isPeriodTakenByOthers(deps.db, booking.id)) return 'late_payment_car_taken';
  if (booking.promotion_id && !(await promotionHasUseLeft(deps.db, booking.promotion_id))) {
    return 'late_payment_code_spent';
  }
  return 'capture';
}

/**
 * Whether a booking cancelled by its lapsed hold may come back: its car free for its period
 * (other lapsed holds on the car are cancelled first, as a payment start does) and its
 * promotion's use, if any, taken again. Call in the transaction that revives it.
 */
async function revivalOf(
  tx: Queryable,
  booking: BookingPaymentRow,
  site: Config['site'],
): Promise<'revivable' | Refusal> {
  await lockVehicleBookings(tx, booking.vehicle_id);
  await lapseHoldsOfCar(tx, site, booking.vehicle_id);
  if (await isPeriodTakenByOthers(tx, booking.id)) return 'late_payment_car_taken';
  if (booking.promotion_id && !(await takePromotionUse(tx, booking.promotion_id))) {
    return 'late_payment_code_spent';
  }
  return 'revivable';
}

/**
 * Captures an authorisation under the booking's key. One voided meanwhile (the customer's
 * cancellation released it) cannot be captured any more: it is read back and settled as it is.
 */
async function capture(
  deps: SettlementDeps,
  booking: BookingPaymentRow,
  intent: PaymentIntent,
): Promise<PaymentIntent> {
  try {
    return await deps.payments.captureIntent(intent.id, `booking:${booking.id}:capture`);
  } catch (error) {
    const now = await deps.payments.retrieveIntent(intent.id);
    if (now.status === 'requires_capture') throw error;
    return now;
  }
}

/** Voids an authorisation the booking can no longer take; its refusal, if any, through the gate. */
async function voidPayment(
  deps: SettlementDeps,
  booking: BookingPaymentRow,
  intent: PaymentIntent,
  decision: 'void' | Refusal,
): Promise<PaymentIntent> {
  const key = `booking:${booking.id}:void`;
  const voided = await deps.payments.cancelIntent(intent.id, key);
  // Captured elsewhere meanwhile: recorded as captured, then given back.
  if (voided.status !== 'canceled') return voided;
  await deps.db.transaction(async (tx) => {
    const recorded = await recordMovement(tx, {
      bookingId: booking.id,
      kind: 'rental_void',
      amountCents: intent.amountCents,
      provider: deps.payments.name,
      providerRef: intent.id,
      key,
    });
    if (recorded && decision !== 'void') {
      await applyBookingEvent(tx, deps.config.site, {
        bookingId: booking.id,
        event: decision,
        actorUserId: null,
        details: { amountCents: intent.amountCents, voided: true },
      });
    }
  });
  return voided;
}

/**
 * A captured rental payment: its ledger row, then the booking confirmed (or revived) with the
 * customer's confirmation, in one transaction. A payment the booking can no longer take is
 * refunded whole after it, once.
 */
async function recordCapturedPayment(
  deps: SettlementDeps,
  booking: BookingPaymentRow,
  intent: PaymentIntent,
): Promise<void> {
  const refund = await deps.db.transaction(async (tx) => {
    const state = await lockBookingState(tx, booking.id);
    const recorded = await recordMovement(tx, {
      bookingId: booking.id,
      kind: 'rental_capture',
      amountCents: intent.amountReceivedCents,
      provider: deps.payments.name,
      providerRef: intent.id,
      key: `capture:${intent.id}`,
    });
    if (!recorded || !state) return null;
    let event: BookingEvent | null = null;
    if (state.booking_status === 'pending') event = 'payment_succeeded';
    else if (state.booking_status === 'cancelled' && state.cancellation_cause === 'hold_lapsed') {
      const revival = await revivalOf(tx, booking, deps.config.site);
      event = revival === 'revivable' ? 'late_payment_accepted' : revival;
    } else if (state.booking_status === 'cancelled') event = 'paid_after_cancellation';
    if (!event) return null;
    await applyBookingEvent(tx, deps.config.site, {
      bookingId: booking.id,
      event,
      actorUserId: null,
      details: { amountCents: intent.amountReceivedCents, paymentIntentId: intent.id },
      savedPaymentMethod: intent.paymentMethodId,
      notice: event === 'paid_after_cancellation' ? undefined : null,
    });
    if (event === 'payment_succeeded' || event === 'late_payment_accepted') {
      await queueConfirmation(tx, deps.config.site, booking.id);
      return null;
    }
    return event;
  });
  if (!refund) return;
  await refundRental(
    { db: deps.db, payments: deps.payments, site: deps.config.site, log: deps.log },
    {
      bookingId: booking.id,
      actorUserId: null,
      amountCents: intent.amountReceivedCents,
      key: `booking:${booking.id}:refund-unavailable`,
      // Given back whole on the intent that paid it.
      providerRef: intent.id,
      details: { reason: refund },
    },
  );
}

/**
 * Settles the booking's payment that a release found captured meanwhile, so that the change
 * that follows (a cancellation) sees it confirmed and paid, with its ledger row.
 */
export async function settleCapturedMeanwhile(
  deps: Omit<SettlementDeps, 'config'> & { site: Config['site'] },
  bookingId: string,
): Promise<void> {
  const booking = await findBookingForPayment(deps.db, bookingId);
  if (booking) await settleBookingPayment({ ...deps, config: { site: deps.site } }, booking);
}
