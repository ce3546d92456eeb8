import type { FastifyInstance } from 'fastify';
import { bookingConfirmedMail } from '../mail/mail-templates';
import { enqueueMailOnce } from '../mail/mail.repository';
import { createNotification } from '../notifications/notifications.repository';
import {
  findBookingForPayment,
  upsertPayment,
  type BookingPaymentRow,
} from './bookings.repository';
import { cancelPendingBooking } from './bookings.service';
import {
  cancelRefundedBooking,
  findPickupLocation,
  markBookingPaid,
} from './payment-settlement.repository';

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

/**
 * Settles a booking's rental payment from the provider's truth (never from a browser or a
 * webhook payload): an authorised amount is captured (requires_capture → capture), a
 * captured one confirms the booking, a cancelled one cancels it. Idempotent: the capture carries
 * a fixed key and the confirmation only happens once, so retries, the capture endpoint, webhooks
 * and the reconciliation job can all call it.
 */
export async function settleBookingPayment(
  app: FastifyInstance,
  booking: BookingPaymentRow,
): Promise<PaymentOutcome> {
  if (!booking.rental_intent_id) return outcomeOf(booking);
  let intent = await app.payments.retrieveIntent(booking.rental_intent_id);
  if (intent.status === 'requires_capture') {
    intent = await app.payments.captureIntent(intent.id, `booking:${booking.id}:capture`);
  }
  await upsertPayment(app.db, {
    bookingId: booking.id,
    provider: app.payments.name,
    providerRef: intent.id,
    kind: 'rental',
    amountCents: intent.amountCents,
    status: intent.status,
    amountCapturedCents: intent.amountReceivedCents,
    lastError: intent.lastError?.message ?? null,
  });

  if (intent.status === 'succeeded') {
    await confirmPaidBooking(app, booking, intent.paymentMethodId);
  } else if (intent.status === 'canceled') {
    await cancelPendingBooking(app, booking);
  }
  const fresh = (await findBookingForPayment(app.db, booking.id))!;
  return outcomeOf(
    fresh,
    intent.status === 'succeeded' ? null : (intent.lastError?.message ?? null),
  );
}

async function confirmPaidBooking(
  app: FastifyInstance,
  booking: BookingPaymentRow,
  paymentMethodId: string | null,
): Promise<void> {
  let confirmedNow = false;
  try {
    // A booking whose hold lapsed while the customer paid is revived if the car is still free.
    confirmedNow = await markBookingPaid(app.db, booking.id, paymentMethodId);
  } catch (error) {
    if ((error as { code?: string }).code !== '23P01') throw error;
    // Someone else booked the car after this hold lapsed: give the money back at once.
    await app.payments.refund(
      booking.rental_intent_id!,
      booking.total_price_cents,
      `booking:${booking.id}:refund-unavailable`,
    );
    await cancelRefundedBooking(app.db, booking.id);
    return;
  }
  if (!confirmedNow) return;
  const confirmed = (await findBookingForPayment(app.db, booking.id))!;
  if (confirmed.user_id) {
    await createNotification(app.db, {
      userId: confirmed.user_id,
      title: `Réservation ${confirmed.reference} confirmée`,
      message: `Votre ${confirmed.vehicle_name} est réservée. Déposez vos documents pour préparer la livraison.`,
      link: `/reservation/${confirmed.id}`,
    });
  }
  if (confirmed.customer_email) {
    const deliveryAddress = await findPickupLocation(app.db, confirmed.id);
    await enqueueMailOnce(app.db, `booking-confirmed:${confirmed.id}`, {
      to: confirmed.customer_email,
      template: 'booking-confirmed',
      ...bookingConfirmedMail(app.config.site, {
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
  }
}
