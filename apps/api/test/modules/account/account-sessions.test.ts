import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeDevice } from '../../../src/modules/auth/device-label';
import { signUpUser } from '../../helpers/auth';
import { createTestApp, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signInWith(email: string, password: string, userAgent: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: {
      origin: ctx.config.site.publicUrl,
      'content-type': 'application/json',
      'user-agent': userAgent,
    },
    payload: JSON.stringify({ email, password }),
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return [response.headers['set-cookie'] ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string) =>
  ctx.app.inject({ method, url, headers: { cookie, origin: ctx.config.site.publicUrl } });

const sessionsOf = async (cookie: string) =>
  (await call('GET', '/api/v1/me/sessions', cookie)).json().sessions as {
    id: string;
    device: string;
    ipAddress: string | null;
    lastSeenAt: string;
    current: boolean;
  }[];

const signedIn = async (cookie: string) =>
  (await call('GET', '/api/v1/me/profile', cookie)).statusCode === 200;

describe('the account’s sessions', () => {
  it('lists only the user’s own sessions, with device, address, last use and this device', async () => {
    const user = await signUpUser(ctx, 'sessions.liste@example.fr', 'secret-123');
    const someoneElse = await signUpUser(ctx, 'sessions.autre@example.fr');
    const onWindows = await signInWith(user.email, 'secret-123', CHROME_WINDOWS);
    await signInWith(user.email, 'secret-123', SAFARI_IPHONE);

    const sessions = await sessionsOf(onWindows);
    expect(sessions).toHaveLength(3);
    const { rows } = await ctx.db.query<{ id: string }>(
      'select id from sessions where user_id = $1',
      [someoneElse.id],
    );
    expect(sessions.map((s) => s.id)).not.toContain(rows[0]?.id);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]?.device).toBe('Chrome sur Windows');
    expect(sessions.map((s) => s.device)).toContain('Safari sur iPhone');
    expect(current[0]?.ipAddress).toBe('127.0.0.1');
    expect(Date.parse(current[0]!.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call('GET', '/api/v1/me/sessions', '')).statusCode).toBe(401);
  });

  it('signs out one session, never another user’s', async () => {
    const user = await signUpUser(ctx, 'sessions.une@example.fr', 'secret-123');
    const other = await signUpUser(ctx, 'sessions.voisin@example.fr');
    const phone = await signInWith(user.email, 'secret-123', SAFARI_IPHONE);
    const phoneSession = (await sessionsOf(phone)).find((s) => s.current)!;
    const neighbourSession = (await sessionsOf(other.cookie)).find((s) => s.current)!;

    const refused = await call('DELETE', `/api/v1/me/sessions/${neighbourSession.id}`, user.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('Session introuvable.');
    expect(await signedIn(other.cookie)).toBe(true);

    const revoked = await call('DELETE', `/api/v1/me/sessions/${phoneSession.id}`, user.cookie);
    expect(revoked.statusCode).toBe(204);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(user.cookie)).toBe(true);
  });

  it('signs out every other session and keeps this one', async () => {
    const user = await signUpUser(ctx, 'sessions.autres@example.fr', 'secret-123');
    const a = await signInWith(user.email, 'secret-123', CHROME_WINDOWS);
    const b = await signInWith(user.email, 'secret-123', SAFARI_IPHONE);
    const answer = await call('POST', '/api/v1/me/sessions/sign-out-others', a);
    expect(answer.json()).toEqual({ signedOut: 2 });
    expect(await signedIn(a)).toBe(true);
    expect(await signedIn(b)).toBe(false);
    expect(await signedIn(user.cookie)).toBe(false);
    expect(await sessionsOf(a)).toHaveLength(1);
  });
});

describe('idle sessions', () => {
  const idleFor = (cookie: string, minutes: number) =>
    ctx.db.query(
      `update sessions set last_seen_at = now() - make_interval(mins => $2)
        where token = split_part(split_part($1, 'vroum.session_token=', 2), '.', 1)`,
      [decodeURIComponent(cookie), minutes],
    );

  it('ends a staff session after 30 minutes without use, on the server', async () => {
    const admin = await signInWith(ctx.config.admin.email, 'Admin-Test-1234', CHROME_WINDOWS);
    await idleFor(admin, 29);
    expect(await signedIn(admin)).toBe(true);
    await idleFor(admin, 31);
    expect(await signedIn(admin)).toBe(false);
    const session = await ctx.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: admin },
    });
    expect(session.json()).toBeNull();
  });

  it('ends an idle agent session the same way, through the session look-up too', async () => {
    const agent = await signUpUser(ctx, 'agent.inactif@example.fr');
    await ctx.db.query(`insert into user_roles (user_id, role) values ($1, 'driver')`, [agent.id]);
    await idleFor(agent.cookie, 31);
    const session = await ctx.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: agent.cookie },
    });
    expect(session.json()).toBeNull();
    expect(await signedIn(agent.cookie)).toBe(false);
  });

  it('checks a session used within the minute without reading or writing its last use', async () => {
    const admin = await signInWith(ctx.config.admin.email, 'Admin-Test-1234', CHROME_WINDOWS);
    const queries = vi.spyOn(ctx.db, 'query');
    try {
      expect(await signedIn(admin)).toBe(true);
      expect(await signedIn(admin)).toBe(true);
      const lastUse = queries.mock.calls.filter(([sql]) => sql.includes('last_seen_at'));
      expect(lastUse).toEqual([]);
    } finally {
      queries.mockRestore();
    }
    // Once the last use is over a minute old, it is read again and recorded.
    await idleFor(admin, 2);
    expect(await signedIn(admin)).toBe(true);
    const current = (await sessionsOf(admin)).find((s) => s.current)!;
    expect(Date.parse(current.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps a customer session idle for hours and records its use', async () => {
    const user = await signUpUser(ctx, 'client.patient@example.fr');
    await idleFor(user.cookie, 6 * 60);
    expect(await signedIn(user.cookie)).toBe(true);
    const current = (await sessionsOf(user.cookie)).find((s) => s.current)!;
    expect(Date.parse(current.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('device names', () => {
  it('names the browser and the system in French', () => {
    expect(describeDevice(CHROME_WINDOWS)).toBe('Chrome sur Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari sur iPhone');
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0',
      ),
    ).toBe('Firefox sur Mac');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge sur Windows');
    expect(describeDevice(null)).toBe('Appareil inconnu');
  });
});
