import type { FastifyInstance } from 'fastify';
import { deleteDocumentsByIds } from '../documents/documents.repository';
import { findChecksToRedact, markRedacted } from './identity.repository';

/** Identity images and selfies are kept this long after the customer's last rental ends. */
export const IDENTITY_RETENTION_DAYS = 30;

/**
 * Deletes the images behind identity checks once the customer has no booking under way and
 * their last rental ended more than 30 days ago (the check's outcome stays: a validated identity
 * is still valid for the next booking). Stripe Identity's copy is redacted as well.
 */
export async function redactEndedIdentityChecks(app: FastifyInstance): Promise<number> {
  const checks = await findChecksToRedact(app.db, IDENTITY_RETENTION_DAYS);
  for (const check of checks) {
    if (check.provider === 'stripe' && check.provider_ref && app.identity.kind === 'hosted') {
      await app.identity.redactSession(check.provider_ref);
    }
    const keys = await deleteDocumentsByIds(app.db, check.document_ids);
    for (const key of keys) {
      await app.storage.delete(key).catch((error: unknown) => {
        app.log.error({ err: error, storageKey: key }, 'identity image not deleted');
      });
    }
    await markRedacted(app.db, check.id);
  }
  return checks.length;
}
