import Stripe from 'stripe';
import { createStripeClient } from '../payment/stripe/stripe-client';
import { headerOf, type VerifiedWebhookEvent, type WebhookHeaders } from '../webhook-event';
import {
  InvalidIdentityWebhook,
  type CreateIdentitySessionInput,
  type HostedIdentity,
  type IdentitySession,
  type IdentitySessionStatus,
  type IdentityWebhookEvent,
  type VerifiedIdentity,
} from './identity-provider';

export interface StripeIdentitySettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address speaking Stripe's API (a test server, a proxy); undefined: api.stripe.com. */
  apiUrl?: string;
}

type VerificationSession = Stripe.Identity.VerificationSession;

const STATUSES: readonly IdentitySessionStatus[] = [
  'requires_input',
  'processing',
  'verified',
  'canceled',
];

/** The verified name and birth date are only sent when asked for (never in webhooks). */
const EXPAND = ['verified_outputs', 'verified_outputs.dob'];

/** Stripe tolerates 5 minutes between the signature's timestamp and now (replays are refused). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const EVENT_PREFIX = 'identity.verification_session.';

const pad = (value: number, length: number) => String(value).padStart(length, '0');

function formatDateOfBirth(dob: Stripe.Identity.VerificationSession.VerifiedOutputs.Dob | null) {
  if (!dob || dob.day == null || dob.month == null || dob.year == null) return null;
  return `${pad(dob.year, 4)}-${pad(dob.month, 2)}-${pad(dob.day, 2)}`;
}

function toVerified(session: VerificationSession): VerifiedIdentity | null {
  const outputs = session.verified_outputs;
  // Outputs are only the provider's reading of a check that passed.
  if (session.status !== 'verified' || !outputs) return null;
  return {
    firstName: outputs.first_name,
    lastName: outputs.last_name,
    dateOfBirth: formatDateOfBirth(outputs.dob ?? null),
  };
}

function toSession(session: VerificationSession): IdentitySession {
  const error = session.last_error;
  return {
    id: session.id,
    // A status this code does not know yet is treated as still in progress.
    status: STATUSES.includes(session.status as IdentitySessionStatus)
      ? (session.status as IdentitySessionStatus)
      : 'processing',
    url: session.url,
    lastError: error ? { code: error.code ?? 'unknown', reason: error.reason ?? '' } : null,
    verified: toVerified(session),
    metadata: { ...session.metadata },
  };
}

/**
 * The Stripe Identity adapter of the identity port, on the official SDK. A document check with a
 * matching selfie and live capture runs on Stripe's hosted page; our check id is the session's
 * client reference and its idempotency key, so a retried start finds the same session.
 */
export class StripeIdentity implements HostedIdentity {
  readonly kind = 'hosted' as const;
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeIdentitySettings, options: { maxNetworkRetries?: number } = {}) {
    this.webhookSecret = settings.webhookSecret;
    this.stripe = createStripeClient(settings.secretKey, settings.apiUrl, options);
  }

  async createSession(input: CreateIdentitySessionInput): Promise<IdentitySession> {
    const created = await this.stripe.identity.verificationSessions.create(
      {
        type: 'document',
        options: {
          document: {
            allowed_types: ['driving_license', 'id_card', 'passport'],
            require_matching_selfie: true,
            require_live_capture: true,
          },
        },
        metadata: { checkId: input.checkId, userId: input.userId, bookingId: input.bookingId },
        client_reference_id: input.checkId,
        return_url: input.returnUrl,
      },
      { idempotencyKey: `identity:${input.checkId}` },
    );
    // A replayed key returns the first answer as it was then: read the session as it is now.
    if (created.lastResponse.headers['idempotent-replayed'] === 'true') {
      return this.retrieveSession(created.id);
    }
    return toSession(created);
  }

  async retrieveSession(id: string): Promise<IdentitySession> {
    return toSession(
      await this.stripe.identity.verificationSessions.retrieve(id, { expand: EXPAND }),
    );
  }

  async redactSession(id: string): Promise<void> {
    try {
      await this.stripe.identity.verificationSessions.redact(id);
    } catch (error) {
      // Redacted already (by an earlier run that lost the answer): that is the outcome wanted.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const current = await this.stripe.identity.verificationSessions.retrieve(id);
        if (current.redaction) return;
      }
      throw error;
    }
  }

  /** The port's verification: `Stripe-Signature` over the raw body, the session as the object. */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): VerifiedWebhookEvent {
    const event = this.parseWebhook(rawBody, headerOf(headers, 'stripe-signature'));
    return { id: event.eventId, type: event.type, objectId: event.sessionId };
  }

  /** Throws `InvalidIdentityWebhook` unless the body is a session's event signed by Stripe. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): IdentityWebhookEvent {
    if (!signatureHeader) throw new InvalidIdentityWebhook('missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new InvalidIdentityWebhook(error instanceof Error ? error.message : String(error));
    }
    const object = event.data.object as { object?: unknown; id?: unknown };
    if (
      !event.type.startsWith(EVENT_PREFIX) ||
      object.object !== 'identity.verification_session' ||
      typeof object.id !== 'string'
    ) {
      throw new InvalidIdentityWebhook(`not an identity session event (${event.type})`);
    }
    return { eventId: event.id, type: event.type, sessionId: object.id };
  }
}
