import type { Queryable } from '../../db/client';
import * as cardPayments from './balance-card-payment.repository';
import * as bookings from './bookings.repository';
import * as extensions from './rental-extension.repository';

// What the payment provider's webhooks read and record of a booking's payment intents: the
// payments, extensions and balance card payments are this module's tables. Each function takes
// the caller's transaction.

/** The booking (and its payment) of a provider's payment intent, or null. */
export async function findBookingByIntent(
  db: Queryable,
  provider: string,
  intentId: string,
): ReturnType<typeof bookings.findBookingByIntent> {
  return bookings.findBookingByIntent(db, provider, intentId);
}

/** Records a provider intent and the status it was last seen in. */
export async function upsertPayment(
  db: Queryable,
  payment: Parameters<typeof bookings.upsertPayment>[1],
): Promise<void> {
  await bookings.upsertPayment(db, payment);
}

/** The balance's card payment of this intent, or null. */
export async function findBalanceCardPaymentByIntent(
  db: Queryable,
  intentId: string,
): ReturnType<typeof cardPayments.findBalanceCardPaymentByIntent> {
  return cardPayments.findBalanceCardPaymentByIntent(db, intentId);
}

/** The rental extension paid by this intent, or null. */
export async function findExtensionByIntent(
  db: Queryable,
  intentId: string,
): ReturnType<typeof extensions.findExtensionByIntent> {
  return extensions.findExtensionByIntent(db, intentId);
}
