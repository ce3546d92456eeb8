import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const origin = () => ctx.config.site.publicUrl;

async function post(url: string, payload: unknown, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      origin: origin(),
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify(payload),
  });
}

async function latestCode(email: string): Promise<string> {
  const { rows } = await ctx.db.query<{ text: string }>(
    `select text from email_outbox where to_address = $1 and template = 'verification-code'
      order by created_at desc limit 1`,
    [email],
  );
  const match = rows[0]?.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`No code mailed to ${email}`);
  return match[1];
}

const cookieHeader = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

describe('sign-up, e-mail code and sign-in', () => {
  const email = 'claire.martin@example.fr';
  const password = 'secret-123';

  it('signs up without opening a session and mails a 6-digit code', async () => {
    const response = await post('/api/auth/sign-up/email', { email, password, name: 'Claire' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await latestCode(email)).toMatch(/^\d{6}$/);
    const { rows } = await ctx.db.query<{ account_status: string }>(
      'select p.account_status from profiles p join users u on u.id = p.user_id where u.email = $1',
      [email],
    );
    expect(rows[0]?.account_status).toBe('pending');
  });

  it('refuses to sign in before the e-mail is verified', async () => {
    const response = await post('/api/auth/sign-in/email', { email, password });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a wrong code', async () => {
    const response = await post('/api/auth/email-otp/verify-email', { email, otp: '000000' });
    expect(response.statusCode).toBe(400);
  });

  it('verifies the e-mail with the mailed code and opens an httpOnly session', async () => {
    await post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
    const code = await latestCode(email);
    const response = await post('/api/auth/email-otp/verify-email', { email, otp: code });
    expect(response.statusCode).toBe(200);
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    const session = cookies.find((cookie) => cookie.startsWith('vroum.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it('signs in with the password and reads the session', async () => {
    const response = await post('/api/auth/sign-in/email', { email, password });
    expect(response.statusCode).toBe(200);
    const session = await ctx.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: cookieHeader(response.headers['set-cookie']) },
    });
    expect(session.json()).toMatchObject({ user: { email, emailVerified: true } });
  });

  it('answers a wrong password with the invalid-credentials code', async () => {
    const response = await post('/api/auth/sign-in/email', { email, password: 'wrong-pass' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Email ou mot de passe incorrect' },
    });
  });

  it('refuses a password shorter than 6 characters', async () => {
    const response = await post('/api/auth/sign-up/email', {
      email: 'short@example.fr',
      password: '12345',
      name: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'PASSWORD_TOO_SHORT',
        message: 'Le mot de passe doit contenir au moins 6 caractères',
      },
    });
  });

  it('lets the seeded administrator sign in', async () => {
    const response = await post('/api/auth/sign-in/email', {
      email: ctx.config.admin.email,
      password: ctx.config.admin.password,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('origins trusted without a public address', () => {
  const lookUpFrom = (from: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings/lookup',
      headers: { origin: from, 'content-type': 'application/json' },
      payload: JSON.stringify({ reference: 'VP-000000', email: 'personne@example.fr' }),
    });

  it('lets a browser post from every loopback name of the listening port', async () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      const response = await lookUpFrom(`http://${host}:${ctx.config.port}`);
      expect(response.statusCode, host).not.toBe(403);
    }
  });

  it('still refuses another site and another port', async () => {
    for (const from of ['https://evil.example', `http://127.0.0.1:${ctx.config.port + 1}`]) {
      const response = await lookUpFrom(from);
      expect(response.statusCode, from).toBe(403);
      expect(response.json().error.message).toBe('Requête refusée : origine non autorisée.');
    }
  });

  it('trusts only the public address once one is configured', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      PUBLIC_URL: 'https://www.example.fr',
    });
    expect(config.trustedOrigins).toEqual(['https://www.example.fr']);
  });
});

describe('sign-up with an e-mail already registered', () => {
  it('answers 422 with the code the site turns into « Cet email est déjà utilisé »', async () => {
    const response = await post('/api/auth/sign-up/email', {
      email: 'CLAIRE.MARTIN@example.fr',
      password: 'another-123',
      name: '',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: { code: 'USER_ALREADY_EXISTS', message: 'Cet email est déjà utilisé' },
    });
  });
});

describe('rate limits', () => {
  it('stops repeated sign-in attempts from one address with a 429', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: 'true' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: limited.config.site.publicUrl, 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'nobody@example.fr', password: 'wrong-pass' }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) statuses.push((await attempt()).statusCode);
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
