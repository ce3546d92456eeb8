import Stripe from 'stripe';
import { declineReason } from '@vroum/core/payment-declines';
import {
  IdempotencyConflictError,
  PaymentDeclinedError,
  type CreateIntentInput,
  type IntentStatus,
  type OffSessionHoldInput,
  type PaymentIntent,
  type PaymentProvider,
} from '../payment-provider';
import {
  InvalidWebhook,
  headerOf,
  type VerifiedWebhookEvent,
  type WebhookHeaders,
} from '../../webhook-event';
import { createStripeClient } from './stripe-client';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another address speaking Stripe's API (a test server, a proxy); undefined: api.stripe.com. */
  apiUrl: string | undefined;
}

const STATUSES: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
];

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function toIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const captureBefore = charge?.payment_method_details?.card?.capture_before;
  const error = pi.last_payment_error;
  return {
    id: pi.id,
    // A status this code does not know yet is treated as still in progress.
    status: STATUSES.includes(pi.status as IntentStatus)
      ? (pi.status as IntentStatus)
      : 'processing',
    amountCents: pi.amount,
    amountCapturableCents: pi.amount_capturable,
    amountReceivedCents: pi.amount_received,
    // A partial capture releases the rest of the charge as "refunded": only what was given
    // back of the amount received counts.
    amountRefundedCents: charge
      ? Math.max(0, charge.amount_refunded - (charge.amount - pi.amount_received))
      : 0,
    clientSecret: pi.client_secret ?? '',
    // Only a card kept on a Customer can be charged again off-session.
    paymentMethodId: pi.customer ? idOf(pi.payment_method) : null,
    captureBefore:
      captureBefore && !charge?.captured && pi.status === 'requires_capture'
        ? new Date(captureBefore * 1000)
        : null,
    lastError: error ? declineReason(error) : null,
    metadata: { ...pi.metadata },
  };
}

const isCardError = (error: unknown): error is Stripe.errors.StripeCardError =>
  error instanceof Stripe.errors.StripeCardError;

const isUnexpectedState = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  error.code === 'payment_intent_unexpected_state';

/** A decline (HTTP 402) becomes the port's error, with the intent as Stripe left it. */
function declined(error: Stripe.errors.StripeCardError): PaymentDeclinedError {
  const { code, message } = declineReason(error);
  return new PaymentDeclinedError(
    code,
    message,
    error.payment_intent ? toIntent(error.payment_intent) : undefined,
  );
}

const EXPAND = ['latest_charge'];

/**
 * A POST to Stripe under an idempotency key. Stripe answers 409 while another request with the key
 * is still being processed (a concurrent start, or a retry that overtook the first request); past
 * the SDK's own retries, that is the port's IdempotencyConflictError: the operation happens once,
 * through the other request, and the caller may ask again.
 */
async function keyed<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 409) {
      throw new IdempotencyConflictError(error.message);
    }
    throw error;
  }
}

/**
 * The Stripe adapter of the payment port (decision 013), on the official SDK. The rental is a
 * PaymentIntent with manual capture that keeps the card on a Customer (`setup_future_usage:
 * off_session`); the browser confirms it with Stripe.js and the server captures it. The deposit
 * is a separate off-session authorisation on that card, placed shortly before delivery. Every
 * POST carries the idempotency key the caller gives (the SDK reuses it on its own retries).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeSettings, options: { maxNetworkRetries?: number } = {}) {
    this.publishableKey = settings.publishableKey;
    this.webhookSecret = settings.webhookSecret;
    this.stripe = createStripeClient(settings.secretKey, settings.apiUrl, options);
  }

  /**
   * Verifies `Stripe-Signature` over the raw body (HMAC-SHA256 with the endpoint secret, 5-minute
   * tolerance) and parses the event; throws Stripe's SignatureVerificationError otherwise.
   */
  constructWebhookEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }

  /** The port's verification: `Stripe-Signature` as above, the intent (or other object) named. */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): VerifiedWebhookEvent {
    const signature = headerOf(headers, 'stripe-signature');
    if (!signature) throw new InvalidWebhook('missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.constructWebhookEvent(rawBody, signature);
    } catch (error) {
      throw new InvalidWebhook(error instanceof Error ? error.message : String(error));
    }
    const objectId = (event.data.object as { id?: unknown }).id;
    return {
      id: event.id,
      type: event.type,
      objectId: typeof objectId === 'string' ? objectId : null,
    };
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    // One Customer per booking keeps the card for the deposit; its key derives from the intent's,
    // so a retried start finds the same Customer. (Reusing a Customer found by e-mail would link
    // the cards of whoever typed that address.)
    const customer = input.saveCard
      ? await keyed(() =>
          this.stripe.customers.create(
            { email: input.customerEmail, metadata: input.metadata },
            { idempotencyKey: `${input.idempotencyKey}:customer` },
          ),
        )
      : null;
    const created = await keyed(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'eur',
          capture_method: input.captureMethod,
          description: input.description,
          metadata: input.metadata,
          allowed_payment_method_types: ['card'],
          ...(customer
            ? { customer: customer.id, setup_future_usage: 'off_session' as const }
            : {}),
          expand: EXPAND,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    // A replayed key returns the first answer as it was then: read the intent as it is now.
    if (created.lastResponse.headers['idempotent-replayed'] === 'true') {
      return this.retrieveIntent(created.id);
    }
    return toIntent(created);
  }

  async retrieveIntent(id: string): Promise<PaymentIntent> {
    return toIntent(await this.stripe.paymentIntents.retrieve(id, { expand: EXPAND }));
  }

  async captureIntent(
    id: string,
    idempotencyKey: string,
    amountCents?: number,
  ): Promise<PaymentIntent> {
    try {
      return toIntent(
        await keyed(() =>
          this.stripe.paymentIntents.capture(
            id,
            { amount_to_capture: amountCents, expand: EXPAND },
            { idempotencyKey },
          ),
        ),
      );
    } catch (error) {
      // Captured already (by another instance, with another key): that is the outcome wanted.
      if (isUnexpectedState(error)) {
        const current = await this.retrieveIntent(id);
        if (current.status === 'succeeded') return current;
      }
      throw error;
    }
  }

  async cancelIntent(id: string, idempotencyKey: string): Promise<PaymentIntent> {
    try {
      return toIntent(
        await keyed(() =>
          this.stripe.paymentIntents.cancel(id, { expand: EXPAND }, { idempotencyKey }),
        ),
      );
    } catch (error) {
      // Like the sandbox: a captured or cancelled intent is returned as it is.
      if (isUnexpectedState(error)) {
        const current = await this.retrieveIntent(id);
        if (current.status === 'succeeded' || current.status === 'canceled') return current;
      }
      throw error;
    }
  }

  async holdOffSession(input: OffSessionHoldInput): Promise<PaymentIntent> {
    const paymentMethod = await this.stripe.paymentMethods.retrieve(input.paymentMethodId);
    const customer = idOf(paymentMethod.customer);
    if (!customer) {
      throw new Error(`Payment method ${input.paymentMethodId} is not kept on a customer`);
    }
    try {
      return toIntent(
        await keyed(() =>
          this.stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: 'eur',
              customer,
              payment_method: input.paymentMethodId,
              allowed_payment_method_types: ['card'],
              capture_method: 'manual',
              confirm: true,
              off_session: true,
              // Longer than 7 days where the card network allows it (fewer renewals).
              payment_method_options: { card: { request_extended_authorization: 'if_available' } },
              description: input.description,
              metadata: input.metadata,
              expand: EXPAND,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      );
    } catch (error) {
      if (isCardError(error)) throw declined(error);
      throw error;
    }
  }

  async refund(intentId: string, amountCents: number, idempotencyKey: string) {
    const refund = await keyed(() =>
      this.stripe.refunds.create(
        { payment_intent: intentId, amount: amountCents },
        { idempotencyKey },
      ),
    );
    return { id: refund.id, status: refund.status ?? 'pending', amountCents: refund.amount };
  }
}
