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
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PaymentProvider } from '../../providers/payment/payment-provider';

/** What settling a booking's payment needs: its database, the payment port and the site. */
export interface SettlementDeps {
  db: Database;
  payments: PaymentProvider;
  config: Pick<Config, 'site'>;
}

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
  deps: SettlementDeps,
  booking: BookingPaymentRow,
): Promise<PaymentOutcome> {
  if (!booking.rental_intent_id) return outcomeOf(booking);
  let intent = await deps.payments.retrieveIntent(booking.rental_intent_id);
  if (intent.status === 'requires_capture') {
    intent = await deps.payments.captureIntent(intent.id, `booking:${booking.id}:capture`);
  }
  await upsertPayment(deps.db, {
    bookingId: booking.id,
    provider: deps.payments.name,
    providerRef: intent.id,
    kind: 'rental',
    amountCents: intent.amountCents,
    status: intent.status,
    amountCapturedCents: intent.amountReceivedCents,
    lastError: intent.lastError?.message ?? null,
  });

  if (intent.status === 'succeeded') {
    await confirmPaidBooking(deps, booking, intent.paymentMethodId);
  } else if (intent.status === 'canceled') {
    await cancelPendingBooking(deps, booking);
  }
  const fresh = (await findBookingForPayment(deps.db, booking.id))!;
  return outcomeOf(
    fresh,
    intent.status === 'succeeded' ? null : (intent.lastError?.message ?? null),
  );
}

async function confirmPaidBooking(
  deps: SettlementDeps,
  booking: BookingPaymentRow,
  paymentMethodId: string | null,
): Promise<void> {
  let confirmedNow = false;
  try {
    // A booking whose hold lapsed while the customer paid is revived if the car is still free.
    confirmedNow = await markBookingPaid(deps.db, booking.id, paymentMethodId);
  } catch (error) {
    if ((error as { code?: string }).code !== '23P01') throw error;
    // Someone else booked the car after this hold lapsed: give the money back at once.
    await deps.payments.refund(
      booking.rental_intent_id!,
      booking.total_price_cents,
      `booking:${booking.id}:refund-unavailable`,
    );
    await cancelRefundedBooking(deps.db, booking.id);
    return;
  }
  if (!confirmedNow) return;
  const confirmed = (await findBookingForPayment(deps.db, booking.id))!;
  if (confirmed.user_id) {
    await createNotification(deps.db, {
      userId: confirmed.user_id,
      title: `Réservation ${confirmed.reference} confirmée`,
      message: `Votre ${confirmed.vehicle_name} est réservée. Déposez vos documents pour préparer la livraison.`,
      link: `/reservation/${confirmed.id}`,
    });
  }
  if (confirmed.customer_email) {
    const deliveryAddress = await findPickupLocation(deps.db, confirmed.id);
    await enqueueMailOnce(deps.db, `booking-confirmed:${confirmed.id}`, {
      to: confirmed.customer_email,
      template: 'booking-confirmed',
      ...bookingConfirmedMail(deps.config.site, {
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
