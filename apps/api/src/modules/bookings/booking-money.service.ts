import { formatEuros } from '@vroum/core/money-format';
import type { SiteInfo } from '@vroum/core/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  IdempotencyConflictError,
  type PaymentProvider,
} from '../../providers/payment/payment-provider';
import { writeAudit } from '../audit/audit.service';
import {
  findCapturedRental,
  findDepositHold,
  findOpenIntents,
  lockRentalPayment,
  recordRefund,
} from './booking-money.repository';
import { applyBookingEvent } from './booking-events.service';
import { lockBookingState } from './booking-lifecycle.repository';
import { upsertPayment } from './bookings.repository';
import {
  findMovement,
  recordMovement,
  refundedOnPayment,
  settleMovement,
  dropPendingMovement,
} from './money-ledger.repository';

/** What the booking's operations need: its database, the payment port, the site, a logger. */
export interface BookingOpsDeps {
  db: Database;
  payments: PaymentProvider;
  site: SiteInfo;
  log: FastifyBaseLogger;
}

const providerFailure = (error: unknown) =>
  new AppError(
    'payment_provider_error',
    `Le prestataire de paiement a refusé l'opération : ${
      error instanceof Error ? error.message : 'erreur inconnue'
    }`,
    502,
  );

/**
 * A money operation at the payment provider: the same request key already under way there is a
 * 409 with `inProgress`'s French message; any other failure is logged and answered as the
 * provider's refusal (502).
 */
export async function atProvider<T>(
  deps: BookingOpsDeps,
  bookingId: string,
  operation: string,
  inProgress: { code: string; message: string },
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IdempotencyConflictError) {
      throw new AppError(inProgress.code, inProgress.message, 409);
    }
    deps.log.error({ err: error, bookingId }, `${operation} failed`);
    throw providerFailure(error);
  }
}

/**
 * Releases what a booking still holds at the payment provider: on cancellation every deposit
 * authorisation and a rental authorisation not yet captured; once the car is back the deposit
 * only. Provider calls carry fixed idempotency keys and run before the database change, so a
 * retry after a failure is safe; each release is a ledger row, and a released deposit the
 * booking's event, in one transaction. A rental authorisation found captured meanwhile is
 * reported, for the caller to settle that payment before it goes on.
 */
export async function releaseHolds(
  deps: BookingOpsDeps,
  bookingId: string,
  kinds: readonly ('rental' | 'deposit')[] = ['rental', 'deposit'],
  actorUserId: string | null = null,
): Promise<{ capturedMeanwhile: boolean }> {
  let capturedMeanwhile = false;
  for (const payment of await findOpenIntents(deps.db, bookingId, deps.payments.name, kinds)) {
    const key = `booking:${bookingId}:admin-cancel:${payment.provider_ref}`;
    const intent = await atProvider(
      deps,
      bookingId,
      'release',
      { code: 'release_in_progress', message: 'La libération de la caution est déjà en cours.' },
      () => deps.payments.cancelIntent(payment.provider_ref, key),
    );
    if (intent.status === 'succeeded' && payment.kind === 'rental') capturedMeanwhile = true;
    await deps.db.transaction(async (tx) => {
      await upsertPayment(tx, {
        bookingId,
        provider: deps.payments.name,
        providerRef: intent.id,
        kind: payment.kind,
        amountCents: payment.amount_cents,
        status: intent.status,
        amountCapturedCents: intent.amountReceivedCents,
      });
      // Captured meanwhile: nothing was released; the caller settles that payment first.
      if (intent.status !== 'canceled') return;
      const recorded = await recordMovement(tx, {
        bookingId,
        kind: payment.kind === 'deposit' ? 'deposit_release' : 'rental_void',
        amountCents: payment.amount_cents,
        provider: deps.payments.name,
        providerRef: intent.id,
        key,
        actorUserId,
      });
      if (recorded && payment.kind === 'deposit') {
        await applyBookingEvent(tx, deps.site, {
          bookingId,
          event: 'deposit_released',
          actorUserId,
          details: { amountCents: payment.amount_cents, idempotencyKey: key },
          notice: null,
        });
      }
    });
  }
  return { capturedMeanwhile };
}

export interface RefundInput {
  bookingId: string;
  /** Who asked; null for the processor's late payment given back. */
  actorUserId: string | null;
  amountCents: number;
  /** The provider's idempotency key: one refund per key, however often it is asked. */
  key: string;
  /** Recorded with the refund (e.g. the customer's cancellation and its fee). */
  details?: Record<string, unknown>;
}

const nothingToRefund = () =>
  new AppError(
    'nothing_to_refund',
    'Aucun montant encaissé ne reste à rembourser sur cette réservation.',
    422,
    'amountCents',
  );

/**
 * Gives back part or all of the captured rental payment through the payment port, once per key.
 * The refund is first written to the ledger as pending under the booking's lock, where what is
 * refundable counts every refund made or under way: two refunds asked together (a customer's
 * cancellation and an administrator's refund) can never give back more than was paid. The
 * processor is then asked, and the refund settled with the payment and, once all of it is given
 * back, the booking's event. A crash between the two leaves the pending row for a retry (same
 * key) or for the job that settles pending movements.
 */
export async function refundRental(deps: BookingOpsDeps, input: RefundInput): Promise<void> {
  const { bookingId, amountCents, key } = input;
  const reserved = await deps.db.transaction(async (tx) => {
    await lockBookingState(tx, bookingId);
    const existing = await findMovement(tx, key);
    if (existing) return existing.state === 'pending' ? existing.provider_ref : null;
    const payment = await findCapturedRental(tx, bookingId, deps.payments.name);
    if (!payment) throw nothingToRefund();
    const refunded = Math.max(
      payment.amount_refunded_cents,
      await refundedOnPayment(tx, payment.provider_ref),
    );
    const refundable = payment.amount_captured_cents - refunded;
    if (refundable <= 0) throw nothingToRefund();
    if (amountCents > refundable) {
      throw new AppError(
        'refund_too_large',
        `Le montant du remboursement dépasse le montant encaissé restant (${formatEuros(refundable)}).`,
        422,
        'amountCents',
      );
    }
    await recordMovement(tx, {
      bookingId,
      kind: 'rental_refund',
      amountCents,
      state: 'pending',
      provider: deps.payments.name,
      providerRef: payment.provider_ref,
      key,
      actorUserId: input.actorUserId,
    });
    return payment.provider_ref;
  });
  if (!reserved) return;
  await completeRefund(deps, { ...input, providerRef: reserved });
}

/** Asks the processor for a refund reserved in the ledger, then records it. */
export async function completeRefund(
  deps: BookingOpsDeps,
  input: RefundInput & { providerRef: string },
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
    const before = await lockRentalPayment(tx, bookingId, deps.payments.name, providerRef);
    if (!(await settleMovement(tx, key))) return;
    const after = await recordRefund(tx, deps.payments.name, providerRef, amountCents);
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
        refundedCents: after.refundedCents,
        ...input.details,
        amountCents,
        refundId: refund.id,
        idempotencyKey: key,
      },
    });
    if (after.fullyRefunded) {
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

/** What is held on the card for the deposit now (0 when nothing is held). */
export async function heldDepositCents(deps: BookingOpsDeps, bookingId: string): Promise<number> {
  return (await findDepositHold(deps.db, bookingId, deps.payments.name))?.amount_cents ?? 0;
}
