import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { PaymentProvider } from '../../providers/payment/payment-provider';
import type { StripeProvider } from '../../providers/payment/stripe/stripe-provider';
import { findBookingByIntent, upsertPayment } from '../bookings/bookings.repository';
import { settleBookingPayment, type SettlementDeps } from '../bookings/payment-settlement';
import {
  findPaymentByIntent,
  markPaymentEventProcessed,
  recordPaymentEvent,
} from './payment-events.repository';

/** What a payment event needs: settling the booking's payment, and a log. */
export interface StripeWebhookDeps extends SettlementDeps {
  log: FastifyBaseLogger;
}

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
  deps: StripeWebhookDeps,
  event: Stripe.Event,
): Promise<'processed' | 'duplicate'> {
  const { processed } = await recordPaymentEvent(deps.db, 'stripe', event);
  if (processed) return 'duplicate';

  if (event.type.startsWith('payment_intent.')) {
    await syncPaymentIntent(deps, event);
  } else {
    deps.log.debug({ eventId: event.id, type: event.type }, 'Stripe event ignored');
  }
  await markPaymentEventProcessed(deps.db, 'stripe', event.id);
  return 'processed';
}

async function syncPaymentIntent(deps: StripeWebhookDeps, event: Stripe.Event): Promise<void> {
  const intentId = (event.data.object as { id?: unknown }).id;
  if (typeof intentId !== 'string') return;
  const payment = await findPaymentByIntent(deps.db, deps.payments.name, intentId);
  if (!payment) {
    // Another integration on the same account, or a booking deleted since.
    deps.log.warn(
      { eventId: event.id, type: event.type, intentId },
      'Stripe event for an unknown payment intent',
    );
    return;
  }
  if (payment.kind === 'rental') {
    const booking = await findBookingByIntent(deps.db, deps.payments.name, intentId);
    if (booking?.rental_intent_id === intentId) {
      await settleBookingPayment(deps, booking);
      return;
    }
  }
  const intent = await deps.payments.retrieveIntent(intentId);
  await upsertPayment(deps.db, {
    bookingId: payment.booking_id,
    provider: deps.payments.name,
    providerRef: intent.id,
    kind: payment.kind,
    amountCents: intent.amountCents,
    status: intent.status,
    amountCapturedCents: intent.amountReceivedCents,
    captureBefore: intent.captureBefore,
    lastError: intent.lastError?.message ?? null,
  });
}
