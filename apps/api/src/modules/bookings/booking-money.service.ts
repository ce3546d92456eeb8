import { formatEuros } from '@vroum/core/money-format';
import type { SiteInfo } from '@vroum/core/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  IdempotencyConflictError,
  type PaymentProvider,
} from '../../providers/payment/payment-provider';
import { writeAudit } from '../admin/audit.repository';
import {
  findCapturedRental,
  findDepositHold,
  findOpenIntents,
  isMoneyActionRecorded,
  lockDepositStatus,
  lockRentalPayment,
  recordDepositCapture,
  recordRefund,
} from './booking-money.repository';
import { upsertPayment } from './bookings.repository';

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
 * retry after a failure is safe.
 */
export async function releaseHolds(
  deps: BookingOpsDeps,
  bookingId: string,
  kinds: readonly ('rental' | 'deposit')[] = ['rental', 'deposit'],
): Promise<void> {
  for (const payment of await findOpenIntents(deps.db, bookingId, deps.payments.name, kinds)) {
    const intent = await atProvider(
      deps,
      bookingId,
      'release',
      { code: 'release_in_progress', message: 'La libération de la caution est déjà en cours.' },
      () =>
        deps.payments.cancelIntent(
          payment.provider_ref,
          `booking:${bookingId}:admin-cancel:${payment.provider_ref}`,
        ),
    );
    await upsertPayment(deps.db, {
      bookingId,
      provider: deps.payments.name,
      providerRef: intent.id,
      kind: payment.kind,
      amountCents: payment.amount_cents,
      status: intent.status,
      amountCapturedCents: intent.amountReceivedCents,
    });
  }
}

export interface RefundInput {
  bookingId: string;
  actorUserId: string;
  amountCents: number;
  /** The provider's idempotency key: one refund per key, however often it is asked. */
  key: string;
  /** Recorded with the refund (e.g. the customer's cancellation and its fee). */
  details?: Record<string, unknown>;
}

/**
 * Gives back part or all of the captured rental payment through the payment port. The key makes
 * a retried or concurrent request refund once; the audit log records it with the key.
 */
export async function refundRental(deps: BookingOpsDeps, input: RefundInput): Promise<void> {
  const { bookingId, amountCents, key } = input;
  if (await isMoneyActionRecorded(deps.db, bookingId, 'booking.refund', key)) return;
  const payment = await findCapturedRental(deps.db, bookingId, deps.payments.name);
  const refundable = payment ? payment.amount_captured_cents - payment.amount_refunded_cents : 0;
  if (!payment || refundable <= 0) {
    throw new AppError(
      'nothing_to_refund',
      'Aucun montant encaissé ne reste à rembourser sur cette réservation.',
      422,
      'amountCents',
    );
  }
  if (amountCents > refundable) {
    throw new AppError(
      'refund_too_large',
      `Le montant du remboursement dépasse le montant encaissé restant (${formatEuros(refundable)}).`,
      422,
      'amountCents',
    );
  }
  const refund = await atProvider(
    deps,
    bookingId,
    'refund',
    { code: 'refund_in_progress', message: 'Ce remboursement est déjà en cours.' },
    () => deps.payments.refund(payment.provider_ref, amountCents, key),
  );
  await deps.db.transaction(async (tx) => {
    const before = await lockRentalPayment(tx, bookingId, deps.payments.name, payment.provider_ref);
    // A concurrent request with the same key got the lock first: the provider refunded once
    // (same key), and that request recorded it.
    if (await isMoneyActionRecorded(tx, bookingId, 'booking.refund', key)) return;
    const after = await recordRefund(
      tx,
      bookingId,
      deps.payments.name,
      payment.provider_ref,
      amountCents,
    );
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: 'booking.refund',
      entity: 'booking',
      entityId: bookingId,
      before: {
        paymentStatus: before?.payment_status,
        refundedCents: before?.amount_refunded_cents,
      },
      after: { ...after, ...input.details, amountCents, refundId: refund.id, idempotencyKey: key },
    });
  });
}

export interface DepositCaptureInput {
  bookingId: string;
  actorUserId: string;
  amountCents: number;
  reason: string;
  key: string;
}

/**
 * Takes up to the amount held on the card, with the reason; the rest of the authorisation is
 * released by the capture itself (a card authorisation is captured once). Idempotent per key.
 */
export async function captureDeposit(
  deps: BookingOpsDeps,
  input: DepositCaptureInput,
): Promise<void> {
  const { bookingId, key } = input;
  if (await isMoneyActionRecorded(deps.db, bookingId, 'booking.deposit_capture', key)) return;
  const hold = await findDepositHold(deps.db, bookingId, deps.payments.name);
  if (!hold) {
    throw new AppError(
      'no_deposit_hold',
      'Aucune caution n’est retenue sur la carte pour cette réservation.',
      422,
      'amountCents',
    );
  }
  if (input.amountCents > hold.amount_cents) {
    throw new AppError(
      'deposit_capture_too_large',
      `Le montant dépasse la caution retenue sur la carte (${formatEuros(hold.amount_cents)}).`,
      422,
      'amountCents',
    );
  }
  const intent = await atProvider(
    deps,
    bookingId,
    'deposit capture',
    { code: 'deposit_capture_in_progress', message: 'Cette retenue est déjà en cours.' },
    () => deps.payments.captureIntent(hold.provider_ref, key, input.amountCents),
  );
  await deps.db.transaction(async (tx) => {
    const before = await lockDepositStatus(tx, bookingId);
    if (await isMoneyActionRecorded(tx, bookingId, 'booking.deposit_capture', key)) return;
    await recordDepositCapture(tx, bookingId, {
      provider: deps.payments.name,
      providerRef: hold.provider_ref,
      status: intent.status,
      capturedCents: intent.amountReceivedCents,
    });
    await writeAudit(tx, {
      actorUserId: input.actorUserId,
      action: 'booking.deposit_capture',
      entity: 'booking',
      entityId: bookingId,
      before: { depositStatus: before, heldCents: hold.amount_cents },
      after: {
        depositStatus: 'captured',
        amountCents: intent.amountReceivedCents,
        reason: input.reason,
        idempotencyKey: key,
      },
    });
  });
}

/** What is held on the card for the deposit now (0 when nothing is held). */
export async function heldDepositCents(deps: BookingOpsDeps, bookingId: string): Promise<number> {
  return (await findDepositHold(deps.db, bookingId, deps.payments.name))?.amount_cents ?? 0;
}
