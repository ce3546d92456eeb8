import type { VerifiedWebhookEvent, WebhookHeaders, WebhookVerifier } from '../webhook-event';

/**
 * The payment port (decision 013). Intents follow Stripe's model: created, confirmed by the
 * customer's browser (card, 3-D Secure), then `requires_capture` for manual capture or
 * `succeeded`; a decline returns the intent to `requires_payment_method`. Every call that
 * changes money carries an idempotency key.
 */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface PaymentIntent {
  id: string;
  status: IntentStatus;
  amountCents: number;
  amountCapturableCents: number;
  amountReceivedCents: number;
  /** What has been refunded of the amount received. */
  amountRefundedCents: number;
  clientSecret: string;
  /** A saved card to charge later off-session (deposit holds), once the customer confirmed. */
  paymentMethodId: string | null;
  /** When an uncaptured authorisation lapses (about 7 days for cards). */
  captureBefore: Date | null;
  lastError: { code: string; message: string } | null;
  metadata: Record<string, string>;
}

export interface CreateIntentInput {
  amountCents: number;
  captureMethod: 'automatic' | 'manual';
  description: string;
  metadata: Record<string, string>;
  /** Keep the card for the deposit authorisation placed later (off-session). */
  saveCard?: boolean;
  customerEmail?: string;
  idempotencyKey: string;
}

export interface OffSessionHoldInput {
  amountCents: number;
  paymentMethodId: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Key the browser needs (Stripe's publishable key); null for the sandbox. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent>;
  captureIntent(id: string, idempotencyKey: string, amountCents?: number): Promise<PaymentIntent>;
  cancelIntent(id: string, idempotencyKey: string): Promise<PaymentIntent>;
  /** Authorises an amount on a saved card without the customer (manual capture). */
  holdOffSession(input: OffSessionHoldInput): Promise<PaymentIntent>;
  refund(
    intentId: string,
    amountCents: number,
    idempotencyKey: string,
  ): Promise<{ id: string; status: string; amountCents: number }>;
  /**
   * Verifies a webhook's signature over the raw body (the event's object: the intent); throws
   * `InvalidWebhook` when it fails. Absent when the processor sends none: the built-in one
   * answers within its own requests.
   */
  verifyWebhook?(rawBody: Buffer, headers: WebhookHeaders): VerifiedWebhookEvent;
}

/** The processor reports by webhook. */
export const receivesWebhooks = (
  provider: PaymentProvider,
): provider is PaymentProvider & WebhookVerifier => typeof provider.verifyWebhook === 'function';

/** A provider error whose message can be shown to the customer (card declined…). */
export class PaymentDeclinedError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly intent?: PaymentIntent,
  ) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

/**
 * Another request with the same idempotency key is still being processed (Stripe answers 409):
 * the operation happens once, through that request.
 */
export class IdempotencyConflictError extends Error {
  constructor(message = 'A request with this idempotency key is still being processed') {
    super(message);
    this.name = 'IdempotencyConflictError';
  }
}
