import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser } from '../../helpers/auth';
import { createTestApp, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function post(url: string, payload: unknown, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      origin: ctx.config.site.publicUrl,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify(payload),
  });
}

const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

async function mails(to: string, template: string) {
  const { rows } = await ctx.db.query<{ text: string }>(
    'select text from email_outbox where to_address = $1 and template = $2 order by created_at',
    [to, template],
  );
  return rows.map((row) => row.text);
}

async function resetToken(email: string): Promise<string> {
  const text = (await mails(email, 'password-reset')).at(-1) ?? '';
  const token = text.match(/\/auth\?reinitialisation=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`No reset link mailed to ${email}`);
  return decodeURIComponent(token);
}

const signedIn = async (cookie: string) =>
  (await ctx.app.inject({ url: '/api/v1/me/profile', headers: { cookie } })).statusCode === 200;

describe('password recovery', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const known = await signUpUser(ctx, 'oubli.connu@example.fr');
    const timed = async (email: string) => {
      const started = Date.now();
      const response = await post('/api/auth/request-password-reset', { email });
      return { response, ms: Date.now() - started };
    };
    const forKnown = await timed(known.email);
    const forUnknown = await timed('personne.inconnue@example.fr');
    expect(forKnown.response.statusCode).toBe(200);
    expect(forUnknown.response.statusCode).toBe(forKnown.response.statusCode);
    expect(forUnknown.response.body).toBe(forKnown.response.body);
    // Both answers wait for the same floor, so their timing tells nothing either.
    expect(forKnown.ms).toBeGreaterThanOrEqual(390);
    expect(forUnknown.ms).toBeGreaterThanOrEqual(390);
    expect(await mails('personne.inconnue@example.fr', 'password-reset')).toHaveLength(0);
    const [text] = await mails(known.email, 'password-reset');
    expect(text).toContain('valable 30 minutes');
    expect(text).toContain(`${ctx.config.site.publicUrl}/auth?reinitialisation=`);
  });

  it('sets the new password once from the link and signs out every session', async () => {
    const user = await signUpUser(ctx, 'oubli.sessions@example.fr', 'ancien-123');
    const other = await signIn(ctx, user.email, 'ancien-123');
    await post('/api/auth/request-password-reset', { email: user.email });
    const token = await resetToken(user.email);

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'nouveau-456' });
    expect(reset.statusCode).toBe(200);
    expect(await signedIn(user.cookie)).toBe(false);
    expect(await signedIn(other)).toBe(false);
    expect(await signIn(ctx, user.email, 'nouveau-456')).toMatch(/vroum\.session_token=/);
    await expect(signIn(ctx, user.email, 'ancien-123')).rejects.toThrow();

    const again = await post('/api/auth/reset-password', { token, newPassword: 'troisieme-789' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: {
        code: 'INVALID_TOKEN',
        message: 'Ce lien n’est plus valide\u00a0: demandez-en un nouveau.',
      },
    });
  });

  it('refuses an expired link and a wrong one in French', async () => {
    const user = await signUpUser(ctx, 'oubli.expire@example.fr');
    await post('/api/auth/request-password-reset', { email: user.email });
    const token = await resetToken(user.email);
    const { rows } = await ctx.db.query<{ minutes: number }>(
      `select round(extract(epoch from expires_at - now()) / 60)::int as minutes
         from verifications where identifier = $1`,
      [`reset-password:${token}`],
    );
    expect(rows[0]?.minutes).toBe(30);
    await ctx.db.query(
      `update verifications set expires_at = now() - interval '1 second' where identifier = $1`,
      [`reset-password:${token}`],
    );
    const expired = await post('/api/auth/reset-password', { token, newPassword: 'nouveau-456' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(
      'Ce lien n’est plus valide\u00a0: demandez-en un nouveau.',
    );
    const wrong = await post('/api/auth/reset-password', {
      token: 'pas-un-vrai-jeton',
      newPassword: 'nouveau-456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_TOKEN');
  });

  it('applies the sign-up rules to the new password', async () => {
    const user = await signUpUser(ctx, 'oubli.regles@example.fr');
    await post('/api/auth/request-password-reset', { email: user.email });
    const token = await resetToken(user.email);
    const short = await post('/api/auth/reset-password', { token, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Le mot de passe doit contenir au moins 6 caractères');
  });
});

describe('password change from the profile', () => {
  it('requires the current password and signs out the other sessions', async () => {
    const user = await signUpUser(ctx, 'change.mdp@example.fr', 'ancien-123');
    const other = await signIn(ctx, user.email, 'ancien-123');
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'pas-le-bon', newPassword: 'nouveau-456' },
      user.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Mot de passe actuel incorrect');

    // The other sessions end even when the caller asks to keep them.
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: 'ancien-123', newPassword: 'nouveau-456', revokeOtherSessions: false },
      user.cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(cookieOf(changed.headers['set-cookie']))).toBe(true);
    expect(await signIn(ctx, user.email, 'nouveau-456')).toMatch(/vroum\.session_token=/);
  });
});

describe('e-mail change', () => {
  it('moves the account once the code sent to the new address is given, and tells the old one', async () => {
    const user = await signUpUser(ctx, 'ancienne.adresse@example.fr', 'secret-123');
    const same = await post(
      '/api/auth/email-otp/request-email-change',
      { newEmail: 'Ancienne.Adresse@example.fr' },
      user.cookie,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe('C’est déjà l’adresse de votre compte.');

    const newEmail = 'nouvelle.adresse@example.fr';
    const asked = await post('/api/auth/email-otp/request-email-change', { newEmail }, user.cookie);
    expect(asked.statusCode).toBe(200);
    const text = (await mails(newEmail, 'email-change-code')).at(-1) ?? '';
    const otp = text.match(/\b(\d{6})\b/)?.[1];
    expect(otp).toMatch(/^\d{6}$/);

    const wrong = await post(
      '/api/auth/email-otp/change-email',
      { newEmail, otp: otp === '000000' ? '111111' : '000000' },
      user.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Code invalide ou expiré');

    const done = await post('/api/auth/email-otp/change-email', { newEmail, otp }, user.cookie);
    expect(done.statusCode).toBe(200);
    const { rows } = await ctx.db.query<{ email: string; profile_email: string }>(
      `select u.email, p.email as profile_email from users u join profiles p on p.user_id = u.id
        where u.id = $1`,
      [user.id],
    );
    expect(rows[0]).toEqual({ email: newEmail, profile_email: newEmail });
    const notice = await mails(user.email, 'email-changed');
    expect(notice).toHaveLength(1);
    expect(notice[0]).toContain(newEmail);
    expect(await signIn(ctx, newEmail, 'secret-123')).toMatch(/vroum\.session_token=/);
    await expect(signIn(ctx, user.email, 'secret-123')).rejects.toThrow();
  });
});
