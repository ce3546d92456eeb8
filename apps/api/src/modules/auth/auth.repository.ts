import type { Queryable } from '../../db/client';

/** Whether the user holds the role: 'admin' (the console) or 'driver' (an agent of the team). */
export async function hasRole(
  db: Queryable,
  userId: string,
  role: 'admin' | 'driver',
): Promise<boolean> {
  const { rows } = await db.query<{ yes: boolean }>(
    'select exists (select 1 from user_roles where user_id = $1 and role = $2) as yes',
    [userId, role],
  );
  return rows[0]?.yes === true;
}

/** Whether an account already uses the address, whatever its case. */
export async function isEmailRegistered(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from users where lower(email) = lower($1)', [email]);
  return rows.length > 0;
}

/** The account's e-mail address; null when there is no such account. */
export async function findUserEmail(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>('select email from users where id = $1', [
    userId,
  ]);
  return rows[0]?.email ?? null;
}
