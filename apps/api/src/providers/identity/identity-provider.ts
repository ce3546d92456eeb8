/**
 * The identity port: who checks that the driver is who they say, with a valid document and
 * a face that matches it.
 *
 * - `staff_review` (built-in, offline): the customer uploads their identity document, both
 *   sides of their driving licence and a selfie on our site; an administrator reviews them in
 *   the console. The identity module owns that whole flow; the adapter only names it.
 * - `hosted` (Stripe Identity): the provider runs the capture (document, matching selfie, live
 *   capture) on its own page and reports the outcome by webhook; the identity module re-reads
 *   the session from the provider before trusting anything.
 */
import { InvalidWebhook, type WebhookVerifier } from '../webhook-event';

export type IdentitySessionStatus = 'requires_input' | 'processing' | 'verified' | 'canceled';

/** What the provider read on the document, when verified. */
export interface VerifiedIdentity {
  firstName: string | null;
  lastName: string | null;
  /** yyyy-mm-dd, when the provider returned it (needs a restricted key at Stripe). */
  dateOfBirth: string | null;
}

export interface IdentitySession {
  /** The provider's id of the session (Stripe: `vs_…`). */
  id: string;
  status: IdentitySessionStatus;
  /** The hosted page where the customer completes the check (single use). */
  url: string | null;
  /** Why the last attempt failed (`document_expired`, `selfie_face_mismatch`, …). */
  lastError: { code: string; reason: string } | null;
  verified: VerifiedIdentity | null;
  /** Our own references, echoed back (`checkId`, `userId`, `bookingId`). */
  metadata: Record<string, string>;
}

export interface CreateIdentitySessionInput {
  /** Our identity check's id: the provider's client reference and the idempotency key. */
  checkId: string;
  userId: string;
  bookingId: string;
  /** Where the hosted flow sends the customer back (the booking's page). */
  returnUrl: string;
}

/** Stripe Identity's webhook once verified. Only ids are trusted: the session is re-read. */
export interface IdentityWebhookEvent {
  eventId: string;
  type: string;
  sessionId: string;
}

export interface StaffReviewIdentity {
  readonly kind: 'staff_review';
  readonly name: 'builtin';
}

/** Reports by webhook: `verifyWebhook` gives the event about a session (`objectId`). */
export interface HostedIdentity extends WebhookVerifier {
  readonly kind: 'hosted';
  readonly name: 'stripe';
  createSession(input: CreateIdentitySessionInput): Promise<IdentitySession>;
  /** The session as the provider sees it now, with the verified name and birth date. */
  retrieveSession(id: string): Promise<IdentitySession>;
  /** Deletes the images and data the provider keeps (the retention period has ended). */
  redactSession(id: string): Promise<void>;
}

export type IdentityProvider = StaffReviewIdentity | HostedIdentity;

export class InvalidIdentityWebhook extends InvalidWebhook {
  constructor(reason: string) {
    super(`invalid identity webhook: ${reason}`);
    this.name = 'InvalidIdentityWebhook';
  }
}
