import type { Queryable } from '../../db/client';

/**
 * Records that the user signed in from this device. `isNew` when it was not known; `firstEver`
 * when the account knew no device at all (its first sign-in, or the first since devices are
 * remembered).
 */
export async function rememberDevice(
  db: Queryable,
  userId: string,
  device: string,
): Promise<{ isNew: boolean; firstEver: boolean }> {
  const { rows } = await db.query<{ known: number; inserted: boolean }>(
    `with known as (select count(*)::int as n from known_devices where user_id = $1),
          inserted as (insert into known_devices (user_id, device) values ($1, $2)
                        on conflict do nothing returning 1)
     select (select n from known) as known, exists (select 1 from inserted) as inserted`,
    [userId, device],
  );
  const row = rows[0]!;
  return { isNew: row.inserted, firstEver: row.inserted && row.known === 0 };
}

/** The account's address and a stamp of its password, which changes with each new password. */
export async function readAccountStamps(
  db: Queryable,
  userId: string,
): Promise<{ email: string; passwordStamp: string | null; updatedAt: Date } | null> {
  const { rows } = await db.query<{
    email: string;
    password_stamp: string | null;
    updated_at: Date;
  }>(
    `select u.email, u.updated_at,
            (select md5(a.password) from accounts a
              where a.user_id = u.id and a.provider_id = 'credential') as password_stamp
       from users u where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  return row
    ? { email: row.email, passwordStamp: row.password_stamp, updatedAt: new Date(row.updated_at) }
    : null;
}

/** The account's second factors, to tell what a call added or removed. */
export interface FactorSnapshot {
  totp: boolean;
  passkeyIds: string[];
  /** Changes whenever the backup codes are made again. */
  backupCodesStamp: string | null;
}

export async function readFactorSnapshot(db: Queryable, userId: string): Promise<FactorSnapshot> {
  const { rows } = await db.query<{
    totp: boolean;
    passkey_ids: string[] | null;
    backup_codes_stamp: string | null;
  }>(
    `select u.two_factor_enabled as totp,
            (select array_agg(p.id::text order by p.id) from passkeys p where p.user_id = u.id)
              as passkey_ids,
            (select md5(t.backup_codes) from two_factors t where t.user_id = u.id)
              as backup_codes_stamp
       from users u where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  return {
    totp: row?.totp ?? false,
    passkeyIds: row?.passkey_ids ?? [],
    backupCodesStamp: row?.backup_codes_stamp ?? null,
  };
}
