import { MIN_CARD_AMOUNT_CENTS } from '@vroum/core/card-amounts';
import {
  EXTENSION_MESSAGES,
  MAX_EXTENSION_DAYS,
  priceExtension,
  type ExtensionOutcome,
  type ExtensionQuote,
} from '@vroum/core/rental-extension';
import { AppError, notFound } from '../../lib/app-error';
import type { PaymentIntent } from '../../providers/payment/payment-provider';
import { vehicleUnavailable } from '../vehicles/vehicle-unavailable';
import { atProvider, type BookingOpsDeps } from './booking-money.service';
import {
  closeExtension,
  findExtendableBooking,
  findExtensionByIntent,
  findLapsedExtensions,
  findOpenExtension,
  insertExtension,
  isPeriodTaken,
  setExtensionIntent,
  type ExtendableBooking,
  type RentalExtensionRow,
} from './rental-extension.repository';
import { recordExtensionPayment } from './rental-extension-payment';

/** How long an extension being paid holds the car, as a booking's payment does. */
const HOLD_MINUTES = 15;
const DAY_MS = 86_400_000;

const inProgress = { code: 'extension_in_progress', message: EXTENSION_MESSAGES.inProgress };
const refuse = (code: string, message: string, status = 422) =>
  new AppError(code, message, status, 'returnDate');
const isExclusionViolation = (error: unknown) => (error as { code?: string }).code === '23P01';

/**
 * The extension of a booking to `newReturn`, priced by core's quote rules: only a confirmed or
 * active rental whose car is not yet on its way back, to a later return within the limit, for an
 * amount a card can take.
 */
function priceFor(booking: ExtendableBooking, newReturn: Date): ExtensionQuote {
  if (
    !['confirmed', 'active'].includes(booking.booking_status) ||
    booking.return_status !== 'planned' ||
    booking.return_date.getTime() <= Date.now()
  ) {
    throw refuse('not_extendable', EXTENSION_MESSAGES.notExtendable, 409);
  }
  const added = newReturn.getTime() - booking.return_date.getTime();
  if (added <= 0) throw refuse('extension_not_later', EXTENSION_MESSAGES.notLater);
  if (added > MAX_EXTENSION_DAYS * DAY_MS)
    throw refuse('extension_too_long', EXTENSION_MESSAGES.tooLong);
  const price = priceExtension({
    pricePerDayCents: booking.price_per_day_cents,
    depositCents: booking.deposit_amount_cents,
    pickupDate: booking.pickup_date,
    returnDate: booking.return_date,
    newReturnDate: newReturn,
    withDriver: booking.with_driver,
    unlimitedKm: booking.unlimited_km,
    protection: booking.protection_plan,
    options: booking.options,
  });
  if (price.totalCents < MIN_CARD_AMOUNT_CENTS) {
    throw refuse('extension_nothing_to_pay', EXTENSION_MESSAGES.nothingToPay);
  }
  return {
    fromDate: booking.return_date.toISOString(),
    toDate: newReturn.toISOString(),
    days: price.days,
    lines: price.lines,
    totalCents: price.totalCents,
  };
}

/** The price of keeping the car until `newReturn`, refused when the car is taken then. */
export async function quoteExtension(
  deps: Pick<BookingOpsDeps, 'db'>,
  bookingId: string,
  newReturn: Date,
): Promise<ExtensionQuote> {
  const booking = await findExtendableBooking(deps.db, bookingId);
  if (!booking) throw notFound('Réservation introuvable', 'booking_not_found');
  const quote = priceFor(booking, newReturn);
  if (await isPeriodTaken(deps.db, booking, booking.return_date, newReturn)) {
    throw vehicleUnavailable();
  }
  return quote;
}

/**
 * Starts (or takes up) the card payment of an extension: under the booking's lock, one open
 * extension per booking, whose extra days hold the car from that instant (the occupancy's
 * exclusion constraint refuses them when a booking, a block or another extension has them); its
 * intent is created with automatic capture under the extension's own key, so two tabs or two
 * taps share one payment. An open one for another date is cancelled first.
 */
export async function startExtensionPayment(
  deps: BookingOpsDeps,
  bookingId: string,
  newReturn: Date,
): Promise<ExtensionQuote & { extensionId: string; intent: PaymentIntent }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const claim = await deps.db
      .transaction(async (tx) => {
        const booking = await findExtendableBooking(tx, bookingId, true);
        if (!booking) throw notFound('Réservation introuvable', 'booking_not_found');
        const open = await findOpenExtension(tx, bookingId);
        if (open) {
          return open.to_date.getTime() === newReturn.getTime() ? { row: open } : { stale: open };
        }
        const quote = priceFor(booking, newReturn);
        const row = await insertExtension(tx, {
          bookingId,
          vehicleId: booking.vehicle_id,
          fromDate: booking.return_date,
          toDate: newReturn,
          days: quote.days,
          lines: quote.lines,
          amountCents: quote.totalCents,
          provider: deps.payments.name,
          holdMinutes: HOLD_MINUTES,
        });
        return { row };
      })
      .catch((error: unknown) => {
        throw isExclusionViolation(error) ? vehicleUnavailable() : error;
      });
    if (claim.stale) {
      await cancelExtensionPayment(deps, claim.stale);
      continue;
    }
    const intent = await intentOf(deps, claim.row);
    if (intent.status === 'succeeded') {
      await recordExtensionPayment(deps, claim.row, intent);
      continue;
    }
    return { ...quoteOf(claim.row), extensionId: claim.row.id, intent };
  }
  throw new AppError(inProgress.code, inProgress.message, 409);
}

const quoteOf = (row: RentalExtensionRow): ExtensionQuote => ({
  fromDate: row.from_date.toISOString(),
  toDate: row.to_date.toISOString(),
  days: row.days,
  lines: row.lines,
  totalCents: row.amount_cents,
});

/** The extension's intent: created once under its key (the same answer when asked again). */
async function intentOf(deps: BookingOpsDeps, row: RentalExtensionRow): Promise<PaymentIntent> {
  const intent = await atProvider(deps, row.booking_id, 'extension intent', inProgress, async () =>
    row.intent_id
      ? deps.payments.retrieveIntent(row.intent_id)
      : deps.payments.createIntent({
          amountCents: row.amount_cents,
          captureMethod: 'automatic',
          description: `Prolongation de la location ${row.booking_id.slice(0, 8).toUpperCase()}`,
          metadata: { bookingId: row.booking_id, kind: 'extension', extensionId: row.id },
          idempotencyKey: row.idempotency_key,
        }),
  );
  if (!row.intent_id) await setExtensionIntent(deps.db, row.id, intent.id);
  return intent;
}

/**
 * Cancels an open extension at the processor (another date asked, or its quarter of an hour
 * over), which frees its days; one the customer paid meanwhile is recorded instead.
 */
async function cancelExtensionPayment(deps: BookingOpsDeps, row: RentalExtensionRow) {
  const intent = await intentOf(deps, row);
  const after =
    intent.status === 'succeeded' || intent.status === 'canceled'
      ? intent
      : await atProvider(deps, row.booking_id, 'extension intent cancel', inProgress, () =>
          deps.payments.cancelIntent(intent.id, `${row.idempotency_key}:cancel`),
        );
  if (after.status === 'succeeded') {
    await recordExtensionPayment(deps, row, after);
    return;
  }
  await deps.db.transaction((tx) => closeExtension(tx, row.id, 'cancelled'));
}

/**
 * What the browser calls once the card form (and its 3-D Secure challenge) is done: the intent is
 * read again from the processor, and a received payment recorded once.
 */
export async function settleExtensionPayment(
  deps: BookingOpsDeps,
  bookingId: string,
  intentId: string,
): Promise<ExtensionOutcome> {
  const row = await findExtensionByIntent(deps.db, intentId);
  if (!row || row.booking_id !== bookingId) throw notFound('Paiement introuvable.');
  const intent = await atProvider(deps, bookingId, 'extension intent', inProgress, () =>
    deps.payments.retrieveIntent(intentId),
  );
  if (intent.status === 'succeeded') await recordExtensionPayment(deps, row, intent);
  const booking = await findExtendableBooking(deps.db, bookingId);
  const returnDate = (booking?.return_date ?? row.from_date).toISOString();
  if (intent.status === 'succeeded') return { status: 'paid', returnDate };
  const failed = intent.status === 'canceled' || intent.status === 'requires_payment_method';
  return { status: failed ? 'failed' : 'pending', returnDate };
}

/**
 * Extensions left open past their quarter of an hour (a closed tab, a crash after the card):
 * each is read at the processor, recorded when it was paid, else cancelled, which frees the car.
 */
export async function settleLapsedExtensions(deps: BookingOpsDeps): Promise<number> {
  const rows = await findLapsedExtensions(deps.db);
  for (const row of rows) {
    await cancelExtensionPayment(deps, row).catch((error: unknown) =>
      deps.log.error({ err: error, extensionId: row.id }, 'lapsed extension not settled'),
    );
  }
  return rows.length;
}
