import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a link to a document's file stays valid. */
export const DOCUMENT_LINK_TTL_SECONDS = 10 * 60;

export interface DocumentLink {
  /** Unix time in seconds after which the link is refused. */
  expires: number;
  signature: string;
}

export type DocumentLinkCheck = 'valid' | 'expired' | 'forged';

/** HMAC-SHA256 of the document id and the expiry, with the auth secret (prefixed: one use). */
function sign(secret: string, documentId: string, expires: number): Buffer {
  return createHmac('sha256', secret).update(`document-file:${documentId}:${expires}`).digest();
}

/** The path of the document's file, valid for 10 minutes from `now` (milliseconds). */
export function createDocumentUrl(secret: string, documentId: string, now: number): string {
  const expires = Math.floor(now / 1000) + DOCUMENT_LINK_TTL_SECONDS;
  const signature = sign(secret, documentId, expires).toString('base64url');
  return `/api/v1/documents/${documentId}/file?expires=${expires}&signature=${signature}`;
}

export function checkDocumentLink(
  secret: string,
  documentId: string,
  link: DocumentLink,
  now: number,
): DocumentLinkCheck {
  const expected = sign(secret, documentId, link.expires);
  const given = Buffer.from(link.signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return link.expires * 1000 > now ? 'valid' : 'expired';
}
