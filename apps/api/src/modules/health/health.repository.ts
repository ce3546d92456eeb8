import type { Queryable } from '../../db/client';

/** Fails when the database does not answer. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('select 1');
}
