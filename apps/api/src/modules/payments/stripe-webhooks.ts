import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { PaymentProvider } from '../../providers/payment/payment-provider';
import type { StripeProvider } from '../../providers/payment/stripe/stripe-provider';
import { findBookingByIntent, upsertPayment } from '../bookings/bookings.repository';
import { settleBookingPayment } from '../bookings/payment-settlement';
import {
  findPaymentByIntent,
  markPaymentEventProcessed,
  recordPaymentEvent,
} from './payment-events.repository';

/** The configured provider, when it is Stripe (its SDK is only loaded in that case). */
export const asStripeProvider = (provider: PaymentProvider): StripeProvider | null =>
  provider.name === 'stripe' &&
  typeof (provider as Partial<StripeProvider>).constructWebhookEvent === 'function'
    ? (provider as StripeProvider)
    : null;

/**
 * Handles one verified Stripe event, at most once (decision 013). Stripe delivers at least once
 * and in any order, so the event id is recorded first and a replay does nothing; an event whose
 * handling failed is handled again on Stripe's next attempt. Only the intent id is taken from
 * the payload: its state is re-read from Stripe through the port, then the booking is settled
 * (rental) or the deposit's payment row updated.
 */
export async function handleStripeEvent(
  app: FastifyInstance,
  event: Stripe.Event,
): Promise<'processed' | 'duplicate'> {
  const { processed } = await recordPaymentEvent(app.db, 'stripe', event);
  if (processed) return 'duplicate';

  if (event.type.startsWith('payment_intent.')) {
    await syncPaymentIntent(app, event);
  } else {
    app.log.debug({ eventId: event.id, type: event.type }, 'Stripe event ignored');
  }
  await markPaymentEventProcessed(app.db, 'stripe', event.id);
  return 'processed';
}

async function syncPaymentIntent(app: FastifyInstance, event: Stripe.Event): Promise<void> {
  const intentId = (event.data.object as { id?: unknown }).id;
  if (typeof intentId !== 'string') return;
  const payment = await findPaymentByIntent(app.db, app.payments.name, intentId);
  if (!payment) {
    // Another integration on the same account, or a booking deleted since.
    app.log.warn(
      { eventId: event.id, type: event.type, intentId },
      'Stripe event for an unknown payment intent',
    );
    return;
  }
  if (payment.kind === 'rental') {
    const booking = await findBookingByIntent(app.db, app.payments.name, intentId);
    if (booking?.rental_intent_id === intentId) {
      await settleBookingPayment(app, booking);
      return;
    }
  }
  const intent = await app.payments.retrieveIntent(intentId);
  await upsertPayment(app.db, {
    bookingId: payment.booking_id,
    provider: app.payments.name,
    providerRef: intent.id,
    kind: payment.kind,
    amountCents: intent.amountCents,
    status: intent.status,
    amountCapturedCents: intent.amountReceivedCents,
    captureBefore: intent.captureBefore,
    lastError: intent.lastError?.message ?? null,
  });
}
