import type { Queryable } from '../../db/client';

/** What an account has of a second factor, and whether it is staff (who must have one). */
export interface SecondFactorState {
  staff: boolean;
  /** An authenticator app enrolled and confirmed with a first code. */
  totp: boolean;
  passkeys: number;
}

export async function readSecondFactorState(
  db: Queryable,
  userId: string,
): Promise<SecondFactorState> {
  const { rows } = await db.query<{ staff: boolean; totp: boolean; passkeys: number }>(
    `select exists (select 1 from user_roles r
                     where r.user_id = u.id and r.role in ('admin', 'driver')) as staff,
            u.two_factor_enabled as totp,
            (select count(*)::int from passkeys p where p.user_id = u.id) as passkeys
       from users u where u.id = $1`,
    [userId],
  );
  return rows[0] ?? { staff: false, totp: false, passkeys: 0 };
}

/** Records that this session passed a second factor (the factor was just enrolled through it). */
export async function markSessionSecondFactor(db: Queryable, sessionId: string): Promise<void> {
  await db.query('update sessions set second_factor_verified = true where id = $1', [sessionId]);
}

/** Whether the session passed a second factor; false when there is no such session. */
export async function isSessionSecondFactorVerified(
  db: Queryable,
  sessionId: string,
): Promise<boolean> {
  const { rows } = await db.query<{ verified: boolean }>(
    'select second_factor_verified as verified from sessions where id = $1',
    [sessionId],
  );
  return rows[0]?.verified === true;
}
