import type { Queryable } from '../../db/client';
import { insertAuditEntry, type AuditEntry } from './audit.repository';

export type { AuditEntry } from './audit.repository';

/**
 * Every administrator change is written to audit_log: who, what, before, after, when. Call it
 * with the transaction of the change itself, so that the change and its record commit together.
 */
export async function writeAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(tx, entry);
}
