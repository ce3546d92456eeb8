import type { Queryable } from './client';

/**
 * SQL condition: the booking `alias` has a case still open — a dispute of the return not yet
 * decided, or a damage claim not yet decided or whose approved amount is not yet settled. While
 * one is open, its evidence (photos, identity images) is kept and the account cannot be deleted.
 */
export const openCaseOf = (alias: string) => `(
  exists (select 1 from return_disputes d where d.booking_id = ${alias}.id and d.status = 'open')
  or exists (select 1 from damage_claims c where c.booking_id = ${alias}.id
              and (c.status = 'pending' or (c.status = 'approved' and c.settled_at is null))))`;

/** Whether the booking's return is contested and not yet decided (its money then stays put). */
export async function hasOpenDispute(db: Queryable, bookingId: string): Promise<boolean> {
  const { rows } = await db.query<{ open: boolean }>(
    `select exists (select 1 from return_disputes where booking_id = $1 and status = 'open') as open`,
    [bookingId],
  );
  return rows[0]?.open === true;
}
