import type { SiteInfo } from '@vroum/core/site';
import type { Queryable } from '../../db/client';
import { bookingConfirmedMail } from '../mail/mail-templates';
import { enqueueMailOnce } from '../mail/mail.service';
import { createNotification } from '../notifications/notifications.service';
import { findBookingForPayment } from './bookings.repository';
import { findPickupLocation } from './payment-settlement.repository';

/**
 * The customer's confirmation of a paid booking, queued in the transaction that confirmed it:
 * the in-app notification and the confirmation mail (sent once per booking).
 */
export async function queueConfirmation(
  tx: Queryable,
  site: SiteInfo,
  bookingId: string,
): Promise<void> {
  const confirmed = (await findBookingForPayment(tx, bookingId))!;
  if (!confirmed.customer_email) return;
  const deliveryAddress = await findPickupLocation(tx, confirmed.id);
  const queued = await enqueueMailOnce(tx, `booking-confirmed:${confirmed.id}`, {
    to: confirmed.customer_email,
    template: 'booking-confirmed',
    ...bookingConfirmedMail(site, {
      reference: confirmed.reference,
      vehicleName: confirmed.vehicle_name,
      pickupDate: confirmed.pickup_date,
      returnDate: confirmed.return_date,
      deliveryAddress,
      totalCents: confirmed.total_price_cents,
      depositCents: confirmed.deposit_amount_cents,
      bookingId: confirmed.id,
    }),
  });
  if (!queued || !confirmed.user_id) return;
  await createNotification(tx, {
    userId: confirmed.user_id,
    title: `Réservation ${confirmed.reference} confirmée`,
    message: `Votre ${confirmed.vehicle_name} est réservée. Déposez vos documents pour préparer la livraison.`,
    link: `/reservation/${confirmed.id}`,
  });
}
