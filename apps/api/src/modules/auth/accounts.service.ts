import type { Queryable } from '../../db/client';
import * as accounts from './auth.repository';

// What the other modules read of the accounts: users and user_roles are read through this
// module's repository.

/** Whether the user holds the role: 'admin' (the console) or 'driver' (an agent of the team). */
export async function hasRole(
  db: Queryable,
  userId: string,
  role: 'admin' | 'driver',
): Promise<boolean> {
  return accounts.hasRole(db, userId, role);
}

/** The account's e-mail address; null when there is no such account. */
export async function findUserEmail(db: Queryable, userId: string): Promise<string | null> {
  return accounts.findUserEmail(db, userId);
}
