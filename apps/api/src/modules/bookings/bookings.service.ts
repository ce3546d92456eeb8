import { MIN_CARD_AMOUNT_CENTS } from '@vroum/core/card-amounts';
import { checkRentalConditions } from '@vroum/core/rental-conditions';
import type { CreateBookingRequest, PaymentStart } from '@vroum/core/checkout';
import { AppError } from '../../lib/app-error';
import { vehicleUnavailable } from '../vehicles/vehicle-unavailable';
import type { SessionUser } from '../../plugins/session';
import { saveDriverDetails } from '../profile/profile.service';
import { releasePromotionUse, takePromotionUse } from '../promotions/promotions.service';
import { isDatabaseBusy, type Database, type Queryable } from '../../db/client';
import type { SiteInfo } from '@vroum/core/site';
import { applyBookingEvent } from './booking-events.service';
import {
  countOpenHolds,
  findLapsedHolds,
  insertPendingBooking,
  lockVehicleBookings,
  isCarTaken,
  findBookingByIdempotencyKey,
  findBookingForPayment,
  upsertPayment,
  type BookingPaymentRow,
} from './bookings.repository';
import { priceRental, type QuoteDeps } from './quote.service';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import {
  IdempotencyConflictError,
  type PaymentProvider,
} from '../../providers/payment/payment-provider';

/** What starting a booking's payment needs: pricing, the payment port, a log, the holds' cap. */
export interface BookingStartDeps extends QuoteDeps {
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  config: Pick<Config, 'maxOpenHolds' | 'site'>;
}

/** A car is held for the customer while they pay (issue 5). */
export const HOLD_MINUTES = 15;
/** The deposit authorisation is placed this long before delivery (cards hold ~7 days). */
export const DEPOSIT_LEAD_HOURS = 24;

export { vehicleUnavailable };

const isExclusionViolation = (error: unknown) => (error as { code?: string }).code === '23P01';

/**
 * Payment start: prices the rental on the server, checks the
 * driver against the rental conditions, creates the booking `pending` with a 15-minute hold on
 * the car (the exclusion constraint makes a concurrent overlapping hold impossible), then the
 * rental payment intent. A retry with the same idempotency key returns the same booking and
 * intent; nothing is charged twice.
 */
export async function startBookingPayment(
  deps: BookingStartDeps,
  user: SessionUser,
  request: CreateBookingRequest,
  idempotencyKey: string,
): Promise<PaymentStart> {
  const existing = await findBookingByIdempotencyKey(deps.db, user.id, idempotencyKey);
  if (existing) return resumePaymentStart(deps, existing);

  // Most customers of a rush on one car arrive after it is taken: they are answered before
  // the rental is priced (the transaction below still decides for those who arrive together).
  if (await isCarTaken(deps.db, request.vehicleSlug, request.start, request.end)) {
    throw vehicleUnavailable();
  }
  const priced = await priceRental(deps, request, user.id);
  const refusal = checkRentalConditions({
    isSupercar: priced.vehicle.isSupercar,
    dateOfBirth: request.driver.dateOfBirth,
    licenseIssueDate: request.driver.licenseIssueDate,
    startDay: request.start.slice(0, 10),
  });
  if (refusal) throw new AppError('rental_conditions', refusal, 422, 'driver');
  const { quote, vehicle, promotion } = priced;
  if (quote.totalCents < MIN_CARD_AMOUNT_CENTS) {
    throw new AppError('amount_too_small', 'Montant trop faible.', 422);
  }
  // A car saved with a deposit no card can hold could be booked but never handed over.
  if (quote.depositCents < MIN_CARD_AMOUNT_CENTS) {
    throw new AppError(
      'deposit_unavailable',
      'Ce véhicule ne peut pas être réservé en ligne pour le moment : contactez-nous.',
      422,
    );
  }

  const depositDueAt = new Date(
    Math.max(Date.now(), Date.parse(request.start) - DEPOSIT_LEAD_HOURS * 3_600_000),
  );
  let bookingId: string;
  try {
    bookingId = await deps.db.transaction(async (tx) => {
      // Competing payment starts for one car queue here, one at a time: without it, two inserts
      // overlapping through the exclusion constraint can wait on each other (a deadlock).
      await lockVehicleBookings(tx, vehicle.id);
      // A lapsed hold on this car no longer protects anyone: cancel it as the release job
      // would (payment marked failed so a late payment can still revive or refund it).
      await lapseHoldsOfCar(tx, deps.config.site, vehicle.id);
      if (await isCarTaken(tx, request.vehicleSlug, request.start, request.end)) {
        throw vehicleUnavailable();
      }
      // A customer holds few cars at once while paying: nobody can squat the whole fleet.
      if ((await countOpenHolds(tx, user.id)) >= deps.config.maxOpenHolds) {
        throw new AppError(
          'too_many_holds',
          'Vous avez déjà des réservations en attente de paiement. Finalisez-les ou patientez 15 minutes.',
          429,
        );
      }
      if (promotion && !(await takePromotionUse(tx, promotion.id))) {
        throw new AppError(
          'promotion_invalid',
          'Ce code promo n’est plus disponible.',
          422,
          'promoCode',
        );
      }
      if (request.saveDriverToProfile) await saveDriverDetails(tx, user.id, request.driver);
      return insertPendingBooking(tx, {
        userId: user.id,
        vehicleId: vehicle.id,
        request,
        promotionId: promotion?.id ?? null,
        quote,
        holdMinutes: HOLD_MINUTES,
        depositDueAt,
        paymentProvider: deps.payments.name,
        idempotencyKey,
      });
    });
  } catch (error) {
    // The exclusion constraint is the last word on overlaps; a lock or statement that waited
    // too long means another customer is taking this car at this instant.
    if (isExclusionViolation(error) || isDatabaseBusy(error)) throw vehicleUnavailable();
    if ((error as { code?: string }).code === '23505') {
      // The same key raced itself: the other request created the booking.
      const raced = await findBookingByIdempotencyKey(deps.db, user.id, idempotencyKey);
      if (raced) return resumePaymentStart(deps, raced);
    }
    throw error;
  }

  const booking = (await findBookingForPayment(deps.db, bookingId))!;
  try {
    return await paymentStartFor(deps, booking);
  } catch (error) {
    // No intent, no hold: free the car and the promotion at once.
    await cancelPendingBooking(deps, booking, 'payment_impossible');
    deps.log.error({ err: error, bookingId }, 'payment intent creation failed');
    throw new AppError(
      'payment_unavailable',
      'Impossible de créer le paiement. Veuillez réessayer.',
      502,
    );
  }
}

/**
 * A retry of a payment start: the intent the first request created, or, while the processor is
 * still creating it under the same key (a request under way, or one whose server crashed), a
 * 409 the customer can retry, never a 500.
 */
async function resumePaymentStart(
  deps: BookingStartDeps,
  booking: BookingPaymentRow,
): Promise<PaymentStart> {
  try {
    return await paymentStartFor(deps, booking);
  } catch (error) {
    if (error instanceof IdempotencyConflictError) {
      throw new AppError(
        'payment_in_progress',
        'Votre paiement est en cours de préparation : réessayez dans un instant.',
        409,
      );
    }
    throw error;
  }
}

/** Creates (or, on a retry, finds) the rental intent of a pending booking. */
async function paymentStartFor(
  deps: BookingStartDeps,
  booking: BookingPaymentRow,
): Promise<PaymentStart> {
  if (booking.booking_status === 'cancelled') throw vehicleUnavailable();
  if (booking.payment_status !== 'pending' || booking.booking_status !== 'pending') {
    // A retry after payment must not touch the intent or its recorded capture.
    throw new AppError('booking_already_paid', 'Cette réservation est déjà réglée.', 409);
  }
  const intent = await deps.payments.createIntent({
    amountCents: booking.total_price_cents,
    captureMethod: 'manual',
    saveCard: true,
    description: `Location ${booking.vehicle_name} · réservation ${booking.reference}`,
    metadata: { bookingId: booking.id, reference: booking.reference, kind: 'rental' },
    customerEmail: booking.customer_email ?? undefined,
    idempotencyKey: `booking:${booking.id}:rental`,
  });
  await upsertPayment(deps.db, {
    bookingId: booking.id,
    provider: deps.payments.name,
    providerRef: intent.id,
    kind: 'rental',
    amountCents: intent.amountCents,
    status: intent.status,
  });
  return {
    bookingId: booking.id,
    reference: booking.reference,
    provider: deps.payments.name,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amountCents: intent.amountCents,
    depositCents: booking.deposit_amount_cents,
    holdExpiresAt: (booking.hold_expires_at ?? new Date()).toISOString(),
    publishableKey: deps.payments.publishableKey,
  };
}

/**
 * A pending booking whose hold lapsed, or whose payment cannot happen, is cancelled through the
 * gate and gives back its promotion use, in the caller's transaction. False when it had moved on.
 */
async function lapseHold(
  tx: Queryable,
  site: SiteInfo,
  booking: { id: string; promotion_id: string | null },
  event: 'hold_lapsed' | 'payment_impossible',
): Promise<boolean> {
  const outcome = await applyBookingEvent(tx, site, {
    bookingId: booking.id,
    event,
    actorUserId: null,
    notice: null,
  });
  if (outcome.applied && booking.promotion_id) {
    await releasePromotionUse(tx, booking.promotion_id);
  }
  return outcome.applied;
}

/** Cancels the lapsed unpaid holds on a car (in the transaction that takes it), with their codes. */
export async function lapseHoldsOfCar(
  tx: Queryable,
  site: SiteInfo,
  vehicleId: string,
): Promise<void> {
  for (const lapsed of await findLapsedHolds(tx, vehicleId)) {
    await lapseHold(tx, site, lapsed, 'hold_lapsed');
  }
}

/** Cancels a pending booking (hold lapsed or payment impossible) and gives back its promotion use. */
export async function cancelPendingBooking(
  deps: { db: Database; config: Pick<Config, 'site'> },
  booking: Pick<BookingPaymentRow, 'id' | 'promotion_id'>,
  event: 'hold_lapsed' | 'payment_impossible',
): Promise<boolean> {
  return deps.db.transaction((tx) => lapseHold(tx, deps.config.site, booking, event));
}
