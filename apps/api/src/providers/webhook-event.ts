/**
 * What every port whose provider reports by webhook offers (payment, identity, signature): the
 * delivery's signature checked over its raw bytes, and the event reduced to ids. Only ids are
 * trusted: whoever handles the event re-reads the object from the provider.
 */

/** A delivery's headers as the HTTP server gives them (lower-case names). */
export type WebhookHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A provider's event whose signature was verified. */
export interface VerifiedWebhookEvent {
  /** The provider's id of the event: every delivery of one event carries the same. */
  id: string;
  type: string;
  /** The object the event is about (payment intent, identity session, signature request). */
  objectId: string | null;
}

export interface WebhookVerifier {
  /** Verifies the signature over the raw body; throws `InvalidWebhook` when it fails. */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): VerifiedWebhookEvent;
}

/** A delivery that is not the provider's: bad or missing signature, or not an event of ours. */
export class InvalidWebhook extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhook';
  }
}

/** One header's value; a header sent twice is no signature. */
export const headerOf = (headers: WebhookHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};
