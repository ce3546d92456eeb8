import { deleteDocuments } from '../documents/documents.service';
import {
  findChecksToRedact,
  findExpiredIdentityDocuments,
  markRedacted,
} from './identity.repository';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { IdentityProvider } from '../../providers/identity/identity-provider';
import type { ObjectStorage } from '../../providers/storage/object-storage';

/** What the retention job needs: the database, the identity provider, the files, a log. */
export interface RetentionDeps {
  db: Database;
  identity: IdentityProvider;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
}

/** Identity images and selfies are kept this long after the customer's last rental ends. */
export const IDENTITY_RETENTION_DAYS = 30;

async function deleteFiles(deps: RetentionDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    await deps.storage.delete(key).catch((error: unknown) => {
      deps.log.error({ err: error, storageKey: key }, 'identity image not deleted');
    });
  }
}

/**
 * Deletes the images behind identity checks once the customer has no booking under way, no case
 * open and their last rental ended more than 30 days ago (the check's outcome stays: a validated
 * identity is still valid for the next booking). Stripe Identity's copy is redacted as well.
 * Documents sent but never read by a check, or replaced, go by the same rule once 30 days old.
 */
export async function redactEndedIdentityChecks(deps: RetentionDeps): Promise<number> {
  const checks = await findChecksToRedact(deps.db, IDENTITY_RETENTION_DAYS);
  for (const check of checks) {
    if (check.provider === 'stripe' && check.provider_ref && deps.identity.kind === 'hosted') {
      await deps.identity.redactSession(check.provider_ref);
    }
    await deleteFiles(deps, await deleteDocuments(deps.db, check.document_ids));
    await markRedacted(deps.db, check.id);
  }
  const unused = await findExpiredIdentityDocuments(deps.db, IDENTITY_RETENTION_DAYS);
  await deleteFiles(deps, await deleteDocuments(deps.db, unused));
  return checks.length + unused.length;
}
