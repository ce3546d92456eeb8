import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretOfUri, totpCode } from '../../../../../e2e/support/totp';
import { DEMO_TOTP_SECRET, seedDemoSecondFactor } from '../../../src/db/seed-second-factor';
import { enrolTotp, signUpUser } from '../../helpers/auth';
import { createTestApp, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(() => ctx.close());

const cookiesOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0])
    .filter((cookie) => !cookie!.endsWith('='))
    .join('; ');

function post(url: string, payload: unknown, cookie = '') {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: ctx.config.site.publicUrl, 'content-type': 'application/json', cookie },
    payload: JSON.stringify(payload),
  });
}

const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });

const status = async (cookie: string) => (await get('/api/v1/me/second-factor', cookie)).json();

/** A new agent, signed in with the password alone. */
async function newAgent(email: string) {
  const agent = await signUpUser(ctx, email);
  await ctx.db.query(`insert into user_roles (user_id, role) values ($1, 'driver')`, [agent.id]);
  const signedIn = await post('/api/auth/sign-in/email', { email, password: 'secret-123' });
  return { ...agent, cookie: cookiesOf(signedIn.headers['set-cookie']) };
}

describe('a second factor for the team', () => {
  it('sends staff without a factor to enrolment, then lets them in once enrolled', async () => {
    const agent = await newAgent('agent.enrols@example.fr');
    expect(await status(agent.cookie)).toEqual({
      required: true,
      verified: false,
      totp: false,
      passkeys: 0,
    });
    expect((await get('/api/v1/agent/missions', agent.cookie)).statusCode).toBe(403);

    const enrolled = await enrolTotp(ctx, agent.cookie, agent.email, 'secret-123');
    expect(enrolled.backupCodes).toHaveLength(10);
    expect(await status(enrolled.cookie)).toEqual({
      required: true,
      verified: true,
      totp: true,
      passkeys: 0,
    });
    expect((await get('/api/v1/agent/missions', enrolled.cookie)).statusCode).toBe(200);
  });

  it('asks for the code at sign-in: no session before it, a wrong code refused', async () => {
    const agent = await newAgent('agent.signs-in@example.fr');
    const { secret } = await enrolTotp(ctx, agent.cookie, agent.email, 'secret-123');

    const signIn = await post('/api/auth/sign-in/email', {
      email: agent.email,
      password: 'secret-123',
    });
    expect(signIn.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const pending = cookiesOf(signIn.headers['set-cookie']);
    expect(pending).not.toMatch(/session_token/);
    expect((await get('/api/v1/agent/missions', pending)).statusCode).toBe(401);

    const wrong = await post('/api/auth/two-factor/verify-totp', { code: '000000' }, pending);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: {
        code: 'INVALID_CODE',
        message: 'Code incorrect\u00a0: saisissez le code affiché par votre application.',
      },
    });
    const right = await post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(secret) },
      pending,
    );
    expect(right.statusCode).toBe(200);
    const session = cookiesOf(right.headers['set-cookie']);
    expect((await get('/api/v1/agent/missions', session)).statusCode).toBe(200);
  });

  it('takes each backup code once', async () => {
    const agent = await newAgent('agent.backup@example.fr');
    const { backupCodes } = await enrolTotp(ctx, agent.cookie, agent.email, 'secret-123');
    const withBackupCode = async () => {
      const signIn = await post('/api/auth/sign-in/email', {
        email: agent.email,
        password: 'secret-123',
      });
      const pending = cookiesOf(signIn.headers['set-cookie']);
      return post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, pending);
    };
    const first = await withBackupCode();
    expect(first.statusCode).toBe(200);
    const session = cookiesOf(first.headers['set-cookie']);
    expect((await get('/api/v1/agent/missions', session)).statusCode).toBe(200);

    const again = await withBackupCode();
    expect(again.statusCode).toBe(401);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(
      'Code de secours incorrect ou déjà utilisé.',
    );
  });

  it('lets a session opened before the enrolment in only once it gives a code', async () => {
    const agent = await newAgent('agent.two-devices@example.fr');
    const other = (
      await post('/api/auth/sign-in/email', { email: agent.email, password: 'secret-123' })
    ).headers['set-cookie'];
    const otherDevice = cookiesOf(other);
    const { secret } = await enrolTotp(ctx, agent.cookie, agent.email, 'secret-123');

    expect((await get('/api/v1/agent/missions', otherDevice)).statusCode).toBe(403);
    // Nor can it add a factor of its own: a password alone does not enrol a thief's passkey.
    const passkey = await get('/api/auth/passkey/generate-register-options', otherDevice);
    expect(passkey.statusCode).toBe(403);
    expect(passkey.json<{ error: { code: string } }>().error.code).toBe('SECOND_FACTOR_REQUIRED');

    const code = await post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(secret) },
      otherDevice,
    );
    expect(code.statusCode).toBe(200);
    expect((await get('/api/v1/agent/missions', otherDevice)).statusCode).toBe(200);
  });

  it('keeps the team’s last factor', async () => {
    const agent = await newAgent('agent.keeps@example.fr');
    const { cookie } = await enrolTotp(ctx, agent.cookie, agent.email, 'secret-123');
    const disable = await post('/api/auth/two-factor/disable', { password: 'secret-123' }, cookie);
    expect(disable.statusCode).toBe(403);
    expect(disable.json<{ error: { code: string } }>().error.code).toBe('LAST_SECOND_FACTOR');
    expect((await status(cookie)).totp).toBe(true);
  });
});

describe('a second factor for customers, if they wish', () => {
  it('is not required, can be enrolled and then asked at sign-in, and removed', async () => {
    const customer = await signUpUser(ctx, 'client.totp@example.fr');
    expect(await status(customer.cookie)).toMatchObject({ required: false, totp: false });
    expect((await get('/api/v1/me/profile', customer.cookie)).statusCode).toBe(200);

    const enable = await post(
      '/api/auth/two-factor/enable',
      { password: 'secret-123' },
      customer.cookie,
    );
    const secret = secretOfUri(enable.json<{ totpURI: string }>().totpURI);
    const verify = await post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(secret) },
      customer.cookie,
    );
    const session = cookiesOf(verify.headers['set-cookie']);
    expect(await status(session)).toMatchObject({ required: false, verified: true, totp: true });

    const signIn = await post('/api/auth/sign-in/email', {
      email: customer.email,
      password: 'secret-123',
    });
    expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });

    const disable = await post('/api/auth/two-factor/disable', { password: 'secret-123' }, session);
    expect(disable.statusCode).toBe(200);
    const plain = await post('/api/auth/sign-in/email', {
      email: customer.email,
      password: 'secret-123',
    });
    expect(plain.json()).not.toHaveProperty('twoFactorRedirect');
  });
});

describe('the demo team’s second factor', () => {
  it('is an authenticator secret and backup codes printed at start, that pass the sign-in', async () => {
    const { email, password } = ctx.config.admin;
    const seed = () =>
      seedDemoSecondFactor(ctx.db, ctx.config.auth.secret, [email], ctx.config.site.brandName);
    const printed = await seed();
    expect(printed.uri).toContain(`secret=${DEMO_TOTP_SECRET}`);
    const codes = printed.backupCodes[0]!.codes;
    expect(codes).toHaveLength(10);

    const signInWith = async (path: string, code: string) => {
      const signIn = await post('/api/auth/sign-in/email', { email, password });
      expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
      return post(path, { code }, cookiesOf(signIn.headers['set-cookie']));
    };
    const byApp = await signInWith('/api/auth/two-factor/verify-totp', totpCode(DEMO_TOTP_SECRET));
    expect(byApp.statusCode).toBe(200);
    const session = cookiesOf(byApp.headers['set-cookie']);
    expect((await get('/api/v1/admin/users', session)).statusCode).toBe(200);

    expect(
      (await signInWith('/api/auth/two-factor/verify-backup-code', codes[0]!)).statusCode,
    ).toBe(200);
    // The next start prints the codes left, and the same secret.
    const again = await seed();
    expect(again.backupCodes[0]!.codes).toEqual(codes.slice(1));
  });
});
