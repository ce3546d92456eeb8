import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEventHooks } from '../../../src/modules/auth/security-event-hooks';
import { enrolTotp, signIn, signUpUser } from '../../helpers/auth';
import { createTestApp, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function post(url: string, payload: unknown, extra: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: ctx.config.site.publicUrl, 'content-type': 'application/json', ...extra },
    payload: JSON.stringify(payload),
  });
}

/** The security mails of an address (every template but the codes and links it asked for). */
async function securityMails(to: string) {
  const { rows } = await ctx.db.query<{ template: string; subject: string; text: string }>(
    `select template, subject, text from email_outbox
      where lower(to_address) = lower($1)
        and (template like 'security-%' or template = 'email-changed')
      order by created_at, id`,
    [to],
  );
  return rows;
}

async function audits(userId: string) {
  const { rows } = await ctx.db.query<{ action: string; actor_user_id: string; after: unknown }>(
    `select action, actor_user_id, after from audit_log
      where entity = 'user' and entity_id = $1 order by id`,
    [userId],
  );
  return rows;
}

describe('security events', () => {
  it('mails a sign-in from a new device once, and not the first one nor the same device again', async () => {
    const user = await signUpUser(ctx, 'appareil.nouveau@example.fr');
    // The first sign-in (the verification) is not news; the same device again neither.
    await signIn(ctx, user.email, 'secret-123');
    expect(await securityMails(user.email)).toEqual([]);

    const chrome = { 'user-agent': CHROME_WINDOWS };
    const first = await post(
      '/api/auth/sign-in/email',
      { email: user.email, password: 'secret-123' },
      chrome,
    );
    expect(first.statusCode).toBe(200);
    const again = await post(
      '/api/auth/sign-in/email',
      { email: user.email, password: 'secret-123' },
      chrome,
    );
    expect(again.statusCode).toBe(200);

    const mails = await securityMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('security-new-device');
    expect(mails[0]!.subject).toBe(
      `Nouvelle connexion à votre compte · ${ctx.config.site.brandName}`,
    );
    expect(mails[0]!.text).toContain('depuis Chrome sur Windows (adresse IP 127.0.0.1).');
    expect(mails[0]!.text).toMatch(/C’était le \w+ \d+(er)? \w+ \d{4} à \d\d:\d\d/);
    expect(mails[0]!.text).toContain('Si ce n’est pas vous, changez votre mot de passe');
    expect(await audits(user.id)).toEqual([
      {
        action: 'user.new-device',
        actor_user_id: user.id,
        after: { device: 'Chrome sur Windows', ipAddress: '127.0.0.1' },
      },
    ]);

    // The hook reported twice for the same session (its device forgotten meanwhile): no mail.
    const { rows } = await ctx.db.query<{ id: string; created_at: Date }>(
      `select id, created_at from sessions where user_id = $1 and user_agent = $2 limit 1`,
      [user.id, CHROME_WINDOWS],
    );
    await ctx.db.query(
      `delete from known_devices where user_id = $1 and device = 'Chrome sur Windows'`,
      [user.id],
    );
    await securityEventHooks(ctx.config.site, ctx.db).sessionCreated({
      id: rows[0]!.id,
      userId: user.id,
      userAgent: CHROME_WINDOWS,
      createdAt: rows[0]!.created_at,
    });
    expect(await securityMails(user.email)).toHaveLength(1);
    expect(await audits(user.id)).toHaveLength(1);
  });

  it('mails and audits a password changed from the profile, and one reset from a link', async () => {
    const user = await signUpUser(ctx, 'mot.de.passe@example.fr', 'ancien-123');
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: 'ancien-123', newPassword: 'nouveau-456' },
      { cookie: user.cookie },
    );
    expect(changed.statusCode).toBe(200);

    await post('/api/auth/request-password-reset', { email: user.email });
    const { rows } = await ctx.db.query<{ text: string }>(
      `select text from email_outbox where to_address = $1 and template = 'password-reset'`,
      [user.email],
    );
    const token = decodeURIComponent(rows[0]!.text.match(/reinitialisation=([\w%-]+)/)![1]!);
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'encore-789' });
    expect(reset.statusCode).toBe(200);
    // The library's callback told twice of the same new password: nothing more.
    await securityEventHooks(ctx.config.site, ctx.db).passwordReset({ id: user.id }, undefined);

    const mails = await securityMails(user.email);
    expect(mails.map((mail) => mail.template)).toEqual([
      'security-password-changed',
      'security-password-reset',
    ]);
    expect(mails[0]!.text).toContain('changé depuis votre profil');
    expect(mails[1]!.text).toContain('réinitialisé avec un lien «\u00a0Mot de passe oublié\u00a0»');
    expect(mails[1]!.text).toContain('depuis un appareil inconnu');
    expect((await audits(user.id)).map((entry) => entry.action)).toEqual([
      'user.password-changed',
      'user.password-reset',
    ]);
  });

  it('tells the old and the new address of an e-mail change, with one audit entry', async () => {
    const user = await signUpUser(ctx, 'adresse.avant@example.fr');
    const newEmail = 'adresse.apres@example.fr';
    await post('/api/auth/email-otp/request-email-change', { newEmail }, { cookie: user.cookie });
    const { rows } = await ctx.db.query<{ text: string }>(
      `select text from email_outbox where to_address = $1 and template = 'email-change-code'`,
      [newEmail],
    );
    const otp = rows[0]!.text.match(/\b(\d{6})\b/)![1];
    const done = await post(
      '/api/auth/email-otp/change-email',
      { newEmail, otp },
      { cookie: user.cookie },
    );
    expect(done.statusCode).toBe(200);

    const old = await securityMails(user.email);
    expect(old).toHaveLength(1);
    expect(old[0]!.text).toContain(`Votre compte utilise désormais l’adresse ${newEmail}`);
    const fresh = await securityMails(newEmail);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.text).toContain(`à la place de ${user.email}`);
    expect(await audits(user.id)).toEqual([
      expect.objectContaining({ action: 'user.email-changed', actor_user_id: user.id }),
    ]);
  });

  it('mails each factor change once: app enabled, backup codes made again, a passkey removed, app disabled', async () => {
    const user = await signUpUser(ctx, 'facteurs@example.fr');
    const { cookie } = await enrolTotp(ctx, user.cookie, user.email, 'secret-123');
    const codes = await post(
      '/api/auth/two-factor/generate-backup-codes',
      { password: 'secret-123' },
      { cookie },
    );
    expect(codes.statusCode).toBe(200);

    const { rows } = await ctx.db.query<{ id: string }>(
      `insert into passkeys (user_id, name, public_key, credential_id, device_type)
       values ($1, 'Clé', 'cle-publique', 'identifiant-de-cle', 'singleDevice') returning id`,
      [user.id],
    );
    const removed = await post('/api/auth/passkey/delete-passkey', { id: rows[0]!.id }, { cookie });
    expect(removed.statusCode).toBe(200);

    const disabled = await post(
      '/api/auth/two-factor/disable',
      { password: 'secret-123' },
      { cookie },
    );
    expect(disabled.statusCode).toBe(200);

    const mails = await securityMails(user.email);
    expect(mails.map((mail) => mail.template)).toEqual([
      'security-totp-enabled',
      'security-backup-codes-regenerated',
      'security-passkey-removed',
      'security-totp-disabled',
    ]);
    expect(mails.every((mail) => mail.subject.startsWith('Second facteur modifié'))).toBe(true);
    expect((await audits(user.id)).map((entry) => entry.action)).toEqual([
      'user.totp-enabled',
      'user.backup-codes-regenerated',
      'user.passkey-removed',
      'user.totp-disabled',
    ]);
  });
});
