import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { Queryable } from './client';

/**
 * The demo team's authenticator secret (base32), printed at start like the demo password: staff
 * must pass a second factor even in the demo, so the demo hands the newcomer the factor instead of
 * switching the requirement off. Never used outside demo mode.
 */
export const DEMO_TOTP_SECRET = 'VROUMPRESTIGEDEMOSECONDFACTORXYZ';

/** What a newcomer needs to pass the demo team's second factor, printed at start. */
export interface DemoSecondFactor {
  /** The otpauth:// address an authenticator app reads (or its secret, typed in). */
  uri: string;
  secret: string;
  /** Each staff account's backup codes not used yet. */
  backupCodes: { email: string; codes: string[] }[];
}

/** Backup codes as better-auth makes them: ten single-use codes of 5 + 5 characters. */
const newBackupCodes = () =>
  Array.from({ length: 10 }, () => generateRandomString(10, 'a-z', '0-9', 'A-Z')).map(
    (code) => `${code.slice(0, 5)}-${code.slice(5)}`,
  );

/**
 * Demo mode only: gives each staff account an authenticator app (the demo secret) and backup
 * codes, stored as the library's two-factor plugin stores them (encrypted with the app's secret),
 * once; an account that has a factor keeps it. Answers what to print.
 */
export async function seedDemoSecondFactor(
  db: Queryable,
  authSecret: string,
  emails: string[],
  issuer: string,
): Promise<DemoSecondFactor> {
  const backupCodes: DemoSecondFactor['backupCodes'] = [];
  for (const email of emails) {
    const { rows } = await db.query<{ id: string; backup_codes: string | null }>(
      `select u.id, f.backup_codes from users u left join two_factors f on f.user_id = u.id
        where lower(u.email) = lower($1)`,
      [email],
    );
    const user = rows[0];
    if (!user) continue;
    if (user.backup_codes !== null) {
      const stored = await symmetricDecrypt({ key: authSecret, data: user.backup_codes });
      backupCodes.push({ email, codes: JSON.parse(stored) as string[] });
      continue;
    }
    const codes = newBackupCodes();
    await db.query(
      `insert into two_factors (user_id, secret, backup_codes, verified) values ($1, $2, $3, true)`,
      [
        user.id,
        await symmetricEncrypt({ key: authSecret, data: `base32:${DEMO_TOTP_SECRET}` }),
        await symmetricEncrypt({ key: authSecret, data: JSON.stringify(codes) }),
      ],
    );
    await db.query('update users set two_factor_enabled = true where id = $1', [user.id]);
    backupCodes.push({ email, codes });
  }
  const label = encodeURIComponent(issuer);
  return {
    uri: `otpauth://totp/${label}:equipe?secret=${DEMO_TOTP_SECRET}&issuer=${label}&digits=6&period=30`,
    secret: DEMO_TOTP_SECRET,
    backupCodes,
  };
}
