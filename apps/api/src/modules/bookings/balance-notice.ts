import { formatEuros } from '@vroum/core/money-format';
import type { SiteInfo } from '@vroum/core/site';
import type { Queryable } from '../../db/client';
import { notifyCustomer } from '../notifications/notify-customer';
import { findBookingState } from './booking-lifecycle.repository';

/**
 * Tells the customer a payment of their balance was received and what remains, once per key:
 * `received` opens the sentence (how it was paid), the rest is the same for every way.
 */
export async function tellBalancePaid(
  deps: { db: Queryable; site: SiteInfo },
  payment: { bookingId: string; key: string; received: string; remainingCents: number },
): Promise<void> {
  const { bookingId } = payment;
  const booking = await findBookingState(deps.db, bookingId);
  if (!booking?.customer_email) return;
  await notifyCustomer(deps.db, deps.site, {
    userId: booking.user_id,
    email: booking.customer_email,
    dedupeKey: `balance-paid:${bookingId}:${payment.key}`,
    title: `Règlement reçu pour la location ${booking.reference}`,
    message:
      payment.remainingCents === 0
        ? `${payment.received} Vous ne nous devez plus rien pour cette location.`
        : `${payment.received} Il reste ${formatEuros(payment.remainingCents)} à régler pour cette location.`,
    link: `/reservation/${bookingId}`,
    linkLabel: 'Voir ma réservation',
  });
}
