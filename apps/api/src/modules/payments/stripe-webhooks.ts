import type { FastifyBaseLogger } from 'fastify';
import type { VerifiedWebhookEvent } from '../../providers/webhook-event';
import { recordCardBalancePayment } from '../bookings/balance-card-payment.service';
import {
  findBalanceCardPaymentByIntent,
  findBookingByIntent,
  findExtensionByIntent,
  upsertPayment,
} from '../bookings/payment-intents.service';
import { recordExtensionPayment } from '../bookings/rental-extension-payment';
import { settleBookingPayment, type SettlementDeps } from '../bookings/payment-settlement';
import type { WebhookOutcome } from '../webhooks/webhook-inbox';
import { findPaymentByIntent } from './payment-events.repository';

/** What a payment event needs: settling the booking's payment, and a log. */
export interface StripeWebhookDeps extends SettlementDeps {
  log: FastifyBaseLogger;
}

/**
 * Handles one verified payment event from the inbox (decision 013), which runs it until it
 * succeeds: Stripe delivers at least once and in any order, so only the intent's id is taken
 * from the event. Its state is re-read from Stripe through the port, then the booking is settled
 * (rental) or the deposit's payment row updated; doing so twice changes nothing.
 */
export async function handleStripeEvent(
  deps: StripeWebhookDeps,
  event: VerifiedWebhookEvent,
): Promise<WebhookOutcome> {
  if (!event.type.startsWith('payment_intent.') || !event.objectId) {
    deps.log.debug({ eventId: event.id, type: event.type }, 'Stripe event ignored');
    return 'ignored';
  }
  return syncPaymentIntent(deps, event, event.objectId);
}

async function syncPaymentIntent(
  deps: StripeWebhookDeps,
  event: VerifiedWebhookEvent,
  intentId: string,
): Promise<WebhookOutcome> {
  const payment = await findPaymentByIntent(deps.db, deps.payments.name, intentId);
  if (!payment) {
    // A balance or an extension paid by card from the booking page: recorded here if the
    // browser never came back.
    const balance = await findBalanceCardPaymentByIntent(deps.db, intentId);
    const extension = balance ? null : await findExtensionByIntent(deps.db, intentId);
    if (balance || extension) {
      const intent = await deps.payments.retrieveIntent(intentId);
      if (intent.status === 'succeeded') {
        const opsDeps = { ...deps, site: deps.config.site };
        if (balance) await recordCardBalancePayment(opsDeps, balance, intent);
        if (extension) await recordExtensionPayment(opsDeps, extension, intent);
      }
      return 'handled';
    }
    // Another integration on the same account, or a booking deleted since.
    deps.log.warn(
      { eventId: event.id, type: event.type, intentId },
      'Stripe event for an unknown payment intent',
    );
    return 'ignored';
  }
  if (payment.kind === 'rental') {
    const booking = await findBookingByIntent(deps.db, deps.payments.name, intentId);
    if (booking?.rental_intent_id === intentId) {
      await settleBookingPayment(deps, booking);
      return 'handled';
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
  return 'handled';
}
