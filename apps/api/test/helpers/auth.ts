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
  return { id: user.rows[0]!.id, email, cookie: cookieHeader(verify.headers['set-cookie']) };
}

/** Signs in an existing account (e.g. the seeded administrator). */
export async function signIn(ctx: TestContext, email: string, password: string): Promise<string> {
  const response = await post(ctx, '/api/auth/sign-in/email', { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return cookieHeader(response.headers['set-cookie']);
}
