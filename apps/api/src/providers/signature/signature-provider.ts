/**
 * The e-signature port: how the customer signs the rental contract.
 *
 * - `in_app` (built-in, offline): a simple electronic signature on our own page. The customer
 *   reads the contract, consents, confirms with a code sent by e-mail and draws or types their
 *   signature; the contract module seals the PDF itself (signature, proof, audit-trail page) and
 *   records its SHA-256. The adapter only names that flow.
 * - `hosted` (Yousign API v3): the PDF is sent to the provider, which collects the signature on
 *   its page and reports by webhook; the signed PDF and the audit trail are downloaded and kept.
 */
import { InvalidWebhook, type WebhookVerifier } from '../webhook-event';

export interface Signer {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164, when known. */
  phone: string | null;
}

/** Where the signature goes: a box on a page of the PDF (points, origin at the bottom left). */
export interface SignatureBox {
  /** 1-based page number. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CreateSignatureRequestInput {
  /** Our contract version's id: the request's external id. */
  externalId: string;
  /** Shown to the signer (e.g. "Contrat de location AB12CD34 v1"). */
  name: string;
  fileName: string;
  pdf: Buffer;
  signer: Signer;
  box: SignatureBox;
  /** Where the provider's page sends the signer back. */
  redirectUrls: { success: string; error: string; decline: string };
}

export type SignatureRequestStatus =
  | 'draft'
  | 'approval'
  | 'ongoing'
  | 'done'
  | 'declined'
  | 'expired'
  | 'canceled'
  | 'deleted'
  | 'rejected';

export interface SignatureRequest {
  id: string;
  status: SignatureRequestStatus;
  externalId: string | null;
  /** The signer's own link (only once the request is active). */
  signatureLink: string | null;
  signerId: string | null;
  documentId: string | null;
  /** Why the signer declined, when they did. */
  declineReason: string | null;
}

/** Yousign's webhook once verified. Only ids are trusted: the request is re-read. */
export interface SignatureWebhookEvent {
  eventId: string;
  eventName: string;
  signatureRequestId: string;
}

export interface InAppSignature {
  readonly kind: 'in_app';
  readonly name: 'builtin';
}

/** Reports by webhook: `verifyWebhook` gives the event about a request (`objectId`). */
export interface HostedSignature extends WebhookVerifier {
  readonly kind: 'hosted';
  readonly name: 'yousign';
  /** Creates the request, uploads the PDF, adds the signer and the field, activates it. */
  createSignatureRequest(input: CreateSignatureRequestInput): Promise<SignatureRequest>;
  getSignatureRequest(id: string): Promise<SignatureRequest>;
  /** The signed PDF (once `done`). */
  downloadSignedDocument(id: string): Promise<Buffer>;
  /** The provider's audit trail of the signature, as a PDF. */
  downloadAuditTrail(id: string): Promise<Buffer>;
  cancelSignatureRequest(id: string, reason: string): Promise<void>;
}

export type SignatureProvider = InAppSignature | HostedSignature;

export class InvalidSignatureWebhook extends InvalidWebhook {
  constructor(reason: string) {
    super(`invalid signature webhook: ${reason}`);
    this.name = 'InvalidSignatureWebhook';
  }
}
