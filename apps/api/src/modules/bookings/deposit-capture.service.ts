import { formatEuros } from '@vroum/core/money-format';
import { AppError } from '../../lib/app-error';
import type { PaymentIntent } from '../../providers/payment/payment-provider';
import { writeAudit } from '../audit/audit.service';
import { findDepositHold, findHoldOf, recordDepositCapture } from './booking-money.repository';
import { applyBookingEvent } from './booking-events.service';
import { lockBookingState } from './booking-lifecycle.repository';
import { atProvider, type BookingOpsDeps } from './booking-money.service';
import {
  dropPendingMovement,
  findMovement,
  recordMovement,
  settleMovement,
} from './money-ledger.repository';

export interface DepositCaptureInput {
  bookingId: string;
  /** Who decided it; null when a job completes a capture left pending by a crash. */
  actorUserId: string | null;
  amountCents: number;
  reason: string;
  key: string;
}

/**
 * Takes up to the amount held on the card, with the reason; the rest of the authorisation is
 * released by the capture itself (a card authorisation is captured once). Reserved in the ledger
 * under the booking's lock first, so two captures asked together take the deposit once.
 */
export async function captureDeposit(
  deps: BookingOpsDeps,
  input: DepositCaptureInput,
): Promise<void> {
  const { bookingId, key } = input;
  const hold = await deps.db.transaction(async (tx) => {
    const booking = await lockBookingState(tx, bookingId);
    const existing = await findMovement(tx, key);
    if (existing) {
      return existing.state === 'pending' && existing.provider_ref
        ? findHoldOf(tx, existing.provider_ref)
        : null;
    }
    const held = await findDepositHold(tx, bookingId, deps.payments.name);
    if (!held || booking?.deposit_status !== 'held') {
      throw new AppError(
        'no_deposit_hold',
        'Aucune caution n’est retenue sur la carte pour cette réservation.',
        422,
        'amountCents',
      );
    }
    if (input.amountCents > held.amount_cents) {
      throw new AppError(
        'deposit_capture_too_large',
        `Le montant dépasse la caution retenue sur la carte (${formatEuros(held.amount_cents)}).`,
        422,
        'amountCents',
      );
    }
    await recordMovement(tx, {
      bookingId,
      kind: 'deposit_capture',
      amountCents: input.amountCents,
      state: 'pending',
      provider: deps.payments.name,
      providerRef: held.provider_ref,
      key,
      actorUserId: input.actorUserId,
      note: input.reason,
    });
    return held;
  });
  if (!hold) return;
  await completeDepositCapture(deps, input, hold);
}

/** Asks the processor for a deposit capture reserved in the ledger, then records it. */
export async function completeDepositCapture(
  deps: BookingOpsDeps,
  input: DepositCaptureInput,
  hold: { provider_ref: string; amount_cents: number },
): Promise<void> {
  const { bookingId, key } = input;
  let intent: PaymentIntent;
  try {
    intent = await atProvider(
      deps,
      bookingId,
      'deposit capture',
      { code: 'deposit_capture_in_progress', message: 'Cette retenue est déjà en cours.' },
      () => deps.payments.captureIntent(hold.provider_ref, key, input.amountCents),
    );
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode === 409)) {
      await deps.db.transaction((tx) => dropPendingMovement(tx, key));
    }
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    await lockBookingState(tx, bookingId);
    if (!(await settleMovement(tx, key))) return;
    await recordDepositCapture(tx, {
      provider: deps.payments.name,
      providerRef: hold.provider_ref,
      status: intent.status,
      capturedCents: intent.amountReceivedCents,
    });
    const rest = hold.amount_cents - intent.amountReceivedCents;
    if (rest > 0) {
      await recordMovement(tx, {
        bookingId,
        kind: 'deposit_release',
        amountCents: rest,
        provider: deps.payments.name,
        providerRef: hold.provider_ref,
        key: `${key}:rest`,
        actorUserId: input.actorUserId,
      });
    }
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: 'booking.deposit_capture',
      entity: 'booking',
      entityId: bookingId,
      before: { depositStatus: 'held', heldCents: hold.amount_cents },
      after: {
        depositStatus: 'captured',
        amountCents: intent.amountReceivedCents,
        reason: input.reason,
        idempotencyKey: key,
      },
    });
    await applyBookingEvent(tx, deps.site, {
      bookingId,
      event: 'deposit_captured',
      actorUserId: input.actorUserId,
      details: {
        amountCents: intent.amountReceivedCents,
        reason: input.reason,
        idempotencyKey: key,
      },
      notice: null,
    });
  });
}
