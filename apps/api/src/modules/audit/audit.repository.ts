import type { Queryable } from '../../db/client';

export interface AuditEntry {
  actorUserId: string | null;
  /** What was done: 'vehicle.create', 'booking.status', 'promotion.delete'… */
  action: string;
  entity:
    | 'vehicle'
    | 'vehicle_block'
    | 'booking'
    | 'review'
    | 'promotion'
    | 'identity_check'
    | 'document'
    | 'contract'
    | 'inspection'
    | 'user';
  entityId: string;
  before: unknown;
  after: unknown;
}

/** Inserts one row of audit_log; the other modules write it through audit.service.ts. */
export async function insertAuditEntry(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `insert into audit_log (actor_user_id, action, entity, entity_id, before, after)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
    [
      entry.actorUserId,
      entry.action,
      entry.entity,
      entry.entityId,
      entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}
