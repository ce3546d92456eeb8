import type { SiteInfo } from '@vroum/core/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  IdempotencyConflictError,
  type PaymentProvider,
} from '../../providers/payment/payment-provider';
import { findDepositHold, findOpenIntents } from './booking-money.repository';
import { applyBookingEvent } from './booking-events.service';
import { upsertPayment } from './bookings.repository';
import { recordMovement } from './money-ledger.repository';

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

/** What is held on the card for the deposit now (0 when nothing is held). */
export async function heldDepositCents(deps: BookingOpsDeps, bookingId: string): Promise<number> {
  return (await findDepositHold(deps.db, bookingId, deps.payments.name))?.amount_cents ?? 0;
}
