import { secretOfUri, totpCode } from '../../../../e2e/support/totp';
import type { TestContext } from './test-app';

export interface SignedInUser {
  id: string;
  email: string;
  /** The Cookie header of the session. */
  cookie: string;
}

const cookieHeader = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

function post(ctx: TestContext, url: string, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: ctx.config.site.publicUrl, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

/** Signs up, verifies the e-mail with the mailed code and returns the session cookie. */
export async function signUpUser(
  ctx: TestContext,
  email = `client-${Math.random().toString(36).slice(2, 10)}@example.fr`,
  password = 'secret-123',
): Promise<SignedInUser> {
  const signUp = await post(ctx, '/api/auth/sign-up/email', { email, password, name: '' });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const { rows } = await ctx.db.query<{ text: string }>(
    `select text from email_outbox where to_address = $1 order by created_at desc limit 1`,
    [email],
  );
  const code = rows[0]?.text.match(/\b(\d{6})\b/)?.[1];
  const verify = await post(ctx, '/api/auth/email-otp/verify-email', { email, otp: code });
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.body}`);
  const user = await ctx.db.query<{ id: string }>('select id from users where email = $1', [email]);
  const cookie = cookieHeader(verify.headers['set-cookie']);
  // Tests make some of these accounts agents afterwards and go on with this session: it counts
  // as past the second factor, as if the agent had enrolled one (the second factor has its own
  // tests, which enrol for real).
  await ctx.db.query(`update sessions set second_factor_verified = true where user_id = $1`, [
    user.rows[0]!.id,
  ]);
  return { id: user.rows[0]!.id, email, cookie };
}

/** The authenticator secrets the helpers enrolled, per test database and e-mail. */
const enrolledSecrets = new WeakMap<object, Map<string, string>>();

function secretsOf(ctx: TestContext): Map<string, string> {
  let secrets = enrolledSecrets.get(ctx.db);
  if (!secrets) enrolledSecrets.set(ctx.db, (secrets = new Map()));
  return secrets;
}

/** The authenticator secret the helpers enrolled for this account, if any. */
export const enrolledSecret = (ctx: TestContext, email: string) =>
  secretsOf(ctx).get(email.toLowerCase());

/**
 * Enrols an authenticator app through the library's own calls, with a code computed from the
 * secret it shows; answers the new session's cookie (past the second factor) and the secret.
 */
export async function enrolTotp(
  ctx: TestContext,
  cookie: string,
  email: string,
  password: string,
): Promise<{ cookie: string; secret: string; backupCodes: string[] }> {
  const enable = await postWith(ctx, cookie, '/api/auth/two-factor/enable', { password });
  if (enable.statusCode !== 200) throw new Error(`enrolment failed: ${enable.body}`);
  const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
  const secret = secretOfUri(totpURI);
  const verify = await postWith(ctx, cookie, '/api/auth/two-factor/verify-totp', {
    code: totpCode(secret),
  });
  if (verify.statusCode !== 200) throw new Error(`enrolment failed: ${verify.body}`);
  secretsOf(ctx).set(email.toLowerCase(), secret);
  return { cookie: cookieHeader(verify.headers['set-cookie']), secret, backupCodes };
}

function postWith(ctx: TestContext, cookie: string, url: string, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: ctx.config.site.publicUrl, 'content-type': 'application/json', cookie },
    payload: JSON.stringify(payload),
  });
}

const isStaff = async (ctx: TestContext, email: string) =>
  (
    await ctx.db.query(
      `select 1 from user_roles r join users u on u.id = r.user_id
        where lower(u.email) = lower($1) and r.role in ('admin', 'driver')`,
      [email],
    )
  ).rows.length > 0;

/**
 * Signs in an existing account (e.g. the seeded administrator) and passes the second factor as
 * the pages do: the authenticator code when the account has one, or, for staff without one, the
 * enrolment of an authenticator app.
 */
export async function signIn(ctx: TestContext, email: string, password: string): Promise<string> {
  const response = await post(ctx, '/api/auth/sign-in/email', { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const cookie = cookieHeader(response.headers['set-cookie']);
  if (response.json<{ twoFactorRedirect?: boolean }>().twoFactorRedirect) {
    const secret = enrolledSecret(ctx, email);
    if (!secret) throw new Error(`no authenticator secret known for ${email}`);
    const verify = await postWith(ctx, cookie, '/api/auth/two-factor/verify-totp', {
      code: totpCode(secret),
    });
    if (verify.statusCode !== 200) throw new Error(`second factor failed: ${verify.body}`);
    return cookieHeader(verify.headers['set-cookie']);
  }
  if (!(await isStaff(ctx, email))) return cookie;
  const enrolled = await enrolTotp(ctx, cookie, email, password);
  await forgetEnrolmentNotice(ctx, email);
  return enrolled.cookie;
}

/**
 * This enrolment stands for one the staff member made before the test: its security notice (a
 * mail and an audit entry) is none of what the tests count, so it is taken away.
 */
async function forgetEnrolmentNotice(ctx: TestContext, email: string): Promise<void> {
  const { rows } = await ctx.db.query<{ id: string }>(
    'select id from users where lower(email) = lower($1)',
    [email],
  );
  const userId = rows[0]!.id;
  await ctx.db.query(`delete from email_outbox where dedupe_key like $1`, [
    `security:totp-enabled:${userId}:%`,
  ]);
  await ctx.db.query(
    `delete from audit_log where entity = 'user' and entity_id = $1 and action = 'user.totp-enabled'`,
    [userId],
  );
}
