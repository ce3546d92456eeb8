import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { PaymentProvider } from '../../providers/payment/payment-provider';
import type { StripeProvider } from '../../providers/payment/stripe/stripe-provider';
import { findBookingByIntent, upsertPayment } from '../bookings/bookings.repository';
import { settleBookingPayment } from '../bookings/payment-settlement';

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
  await app.db.query(
    `insert into payment_events (provider, event_id, type) values ('stripe', $1, $2)
     on conflict (provider, event_id) do nothing`,
    [event.id, event.type],
  );
  const { rows } = await app.db.query<{ processed_at: Date | null }>(
    `select processed_at from payment_events where provider = 'stripe' and event_id = $1`,
    [event.id],
  );
  if (rows[0]?.processed_at) return 'duplicate';

  if (event.type.startsWith('payment_intent.')) {
    await syncPaymentIntent(app, event);
  } else {
    app.log.debug({ eventId: event.id, type: event.type }, 'Stripe event ignored');
  }
  await app.db.query(
    `update payment_events set processed_at = now() where provider = 'stripe' and event_id = $1`,
    [event.id],
  );
  return 'processed';
}

async function syncPaymentIntent(app: FastifyInstance, event: Stripe.Event): Promise<void> {
  const intentId = (event.data.object as { id?: unknown }).id;
  if (typeof intentId !== 'string') return;
  const { rows } = await app.db.query<{ booking_id: string; kind: 'rental' | 'deposit' }>(
    'select booking_id, kind from payments where provider = $1 and provider_ref = $2',
    [app.payments.name, intentId],
  );
  const payment = rows[0];
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
