import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import {
  OAuth2Server,
  type MutableResponse,
  type MutableToken,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { signUpUser } from '../helpers/auth';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * The whole redirect → provider → callback → session flow of Google and Apple sign-in, against a
 * real OpenID Connect provider on 127.0.0.1 (oauth2-mock-server: discovery, JWKS, /authorize,
 * /token, /userinfo, id_tokens signed RS256). Nothing of better-auth is mocked: the test plays
 * the browser, carrying cookies from one answer to the next request.
 */

const GOOGLE_CLIENT_ID = 'vroum-google-client.apps.example';
const APPLE_CLIENT_ID = 'fr.vroum-prestige.signin';
const APPLE_TEAM_ID = 'TEAM123456';
const APPLE_KEY_ID = 'KEY7654321';
const appleKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });

let provider: OAuth2Server;
let ctx: TestContext;
/** Claims the provider puts in the next id_tokens (tests set them, afterEach clears them). */
let idTokenClaims: Record<string, unknown> = {};
/** What /userinfo answers (only asked when the id_token carries no e-mail). */
let userinfo: Record<string, unknown> = {};
/** Replaces the id_token of the token response (forgeries). */
let swapIdToken: ((idToken: string) => string) | null = null;
/** Bodies of the token requests the provider received. */
let tokenRequests: Record<string, unknown>[] = [];

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: MutableToken) => {
    // The access token has no audience; the id_token has the client id (and the nonce).
    if (token.payload.aud !== undefined) Object.assign(token.payload, idTokenClaims);
  });
  provider.service.on(
    'beforeResponse',
    (response: MutableResponse, request: TokenRequestIncomingMessage) => {
      tokenRequests.push({ ...request.body });
      if (swapIdToken && typeof response.body === 'object') {
        response.body.id_token = swapIdToken(String(response.body.id_token));
      }
    },
  );
  provider.service.on('beforeUserinfo', (response: MutableResponse) => {
    response.body = { ...userinfo };
  });
  const discovery = `${provider.issuer.url}/.well-known/openid-configuration`;
  ctx = await createTestApp({
    GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_DISCOVERY_URL: discovery,
    APPLE_CLIENT_ID,
    APPLE_TEAM_ID,
    APPLE_KEY_ID,
    // As it often sits in an env file: one line with literal \n.
    APPLE_PRIVATE_KEY: String(appleKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }))
      .trim()
      .replaceAll('\n', '\\n'),
    APPLE_DISCOVERY_URL: discovery,
  });
});

afterAll(async () => {
  await ctx?.close();
  await provider?.stop();
});

afterEach(() => {
  idTokenClaims = {};
  userinfo = {};
  swapIdToken = null;
  tokenRequests = [];
});

const cookieHeader = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

const setCookies = (headers: Record<string, unknown>) =>
  [(headers['set-cookie'] as string | string[] | undefined) ?? []].flat();

const sessionCookie = (headers: Record<string, unknown>) =>
  setCookies(headers).find((cookie) => /^vroum\.session_token=[^;]+/.test(cookie));

/** What the /auth page does: POST the sign-in, get the provider's URL and the state cookie. */
async function startSignIn(app: TestContext, providerId: 'google' | 'apple') {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: app.config.site.publicUrl, 'content-type': 'application/json' },
    payload: JSON.stringify({
      provider: providerId,
      callbackURL: '/profil',
      errorCallbackURL: '/auth',
    }),
  });
  return { response, cookie: cookieHeader(response.headers['set-cookie']) };
}

/** The browser at the provider: it answers with a redirect to our callback (code and state). */
async function consentAtProvider(authorizeUrl: string): Promise<URL> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

function getCallback(location: URL, cookie?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `${location.pathname}${location.search}`,
    headers: cookie ? { cookie } : {},
  });
}

/** Sign-in up to the callback; returns the callback's answer. */
async function signInWithGoogle(options: { tamper?: (callback: URL) => void } = {}) {
  const { response, cookie } = await startSignIn(ctx, 'google');
  expect(response.statusCode).toBe(200);
  const callback = await consentAtProvider(response.json<{ url: string }>().url);
  options.tamper?.(callback);
  return getCallback(callback, cookie);
}

/**
 * Apple's side of the flow: sign-in, consent, then the form its page posts to our callback
 * from https://appleid.apple.com (cross-site: no SameSite=Lax cookie goes with it). Returns the
 * state cookie of the sign-in and where our answer to the POST sends the browser.
 */
async function appleUpToFormPost(user?: object) {
  const { response, cookie } = await startSignIn(ctx, 'apple');
  expect(response.statusCode).toBe(200);
  const authorize = new URL(response.json<{ url: string }>().url);
  const redirect = await consentAtProvider(authorize.href);
  const form = new URLSearchParams({
    code: redirect.searchParams.get('code')!,
    state: redirect.searchParams.get('state')!,
  });
  if (user) form.set('user', JSON.stringify(user));
  const posted = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/callback/apple',
    headers: {
      origin: 'https://appleid.apple.com',
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: form.toString(),
  });
  expect(posted.statusCode).toBe(302);
  expect(sessionCookie(posted.headers)).toBeUndefined();
  return { authorize, form, cookie, followed: new URL(posted.headers.location!) };
}

async function readSession(cookie: string) {
  const response = await ctx.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
  return response.json<{ user: { id: string; email: string; name: string } } | null>();
}

async function countUsers(email: string) {
  const { rows } = await ctx.db.query<{ count: number }>(
    'select count(*)::int as count from users where lower(email) = lower($1)',
    [email],
  );
  return rows[0]!.count;
}

/** A JWT signed RS256 with the given key, synchronously (the mock's hooks are synchronous). */
function signRs256(header: object, payload: object, key: KeyObject): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

const decodePart = (jwt: string, index: 0 | 1) =>
  JSON.parse(Buffer.from(jwt.split('.')[index]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;

const googleClaims = {
  sub: 'google-108234567890',
  email: 'camille.durand@gmail.com',
  email_verified: true,
  name: 'Camille Durand',
  given_name: 'Camille',
  family_name: 'Durand',
  picture: 'https://lh3.googleusercontent.example/a/photo.jpg',
};

describe('available providers', () => {
  it('lists Google and Apple when both are configured', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ providers: ['google', 'apple'] });
  });
});

describe('sign-in with Google (OpenID Connect, authorization code + PKCE)', () => {
  it('sends the customer to the provider with state, nonce, PKCE and the scopes', async () => {
    const { response, cookie } = await startSignIn(ctx, 'google');
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ url: string }>().url);
    expect(url.origin + url.pathname).toBe(`${provider.issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: GOOGLE_CLIENT_ID,
      redirect_uri: `${ctx.config.site.publicUrl}/api/auth/callback/google`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toMatch(/^\S{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^\S{20,}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(cookie).toMatch(/vroum\.state=/);
  });

  it('comes back to /profil with a session, a verified user, its Google account and profile', async () => {
    idTokenClaims = googleClaims;
    const callback = await signInWithGoogle();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/profil');
    const session = sessionCookie(callback.headers);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);

    // The code was exchanged with the PKCE verifier and the client's credentials.
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]).toMatchObject({
      grant_type: 'authorization_code',
      client_id: GOOGLE_CLIENT_ID,
      client_secret: 'google-secret',
      redirect_uri: `${ctx.config.site.publicUrl}/api/auth/callback/google`,
    });
    expect(tokenRequests[0]!.code_verifier).toMatch(/^[\w.~-]{43,128}$/);

    const me = await readSession(cookieHeader(session));
    expect(me?.user).toMatchObject({
      email: googleClaims.email,
      name: 'Camille Durand',
      emailVerified: true,
    });
    const { rows: users } = await ctx.db.query<{ id: string; email_verified: boolean }>(
      'select id, email_verified from users where email = $1',
      [googleClaims.email],
    );
    expect(users).toEqual([{ id: me!.user.id, email_verified: true }]);
    const { rows: accounts } = await ctx.db.query<{ provider_id: string; account_id: string }>(
      'select provider_id, account_id from accounts where user_id = $1',
      [me!.user.id],
    );
    expect(accounts).toEqual([{ provider_id: 'google', account_id: googleClaims.sub }]);
    const { rows: profiles } = await ctx.db.query<{ email: string; account_status: string }>(
      'select email, account_status from profiles where user_id = $1',
      [me!.user.id],
    );
    expect(profiles).toEqual([{ email: googleClaims.email, account_status: 'pending' }]);
  });

  it('signs the same customer in again without a second user or account', async () => {
    idTokenClaims = googleClaims;
    const callback = await signInWithGoogle();
    expect(callback.headers.location).toBe('/profil');
    const me = await readSession(cookieHeader(sessionCookie(callback.headers)));
    expect(me?.user.email).toBe(googleClaims.email);
    expect(await countUsers(googleClaims.email)).toBe(1);
    const { rows } = await ctx.db.query<{ count: number }>(
      `select count(*)::int as count from accounts where provider_id = 'google' and account_id = $1`,
      [googleClaims.sub],
    );
    expect(rows[0]!.count).toBe(1);
  });

  it('reads the e-mail from the userinfo endpoint when the id_token has none', async () => {
    idTokenClaims = { sub: 'google-userinfo-1' };
    userinfo = {
      sub: 'google-userinfo-1',
      email: 'hugo.bernard@gmail.com',
      email_verified: true,
      name: 'Hugo Bernard',
    };
    const callback = await signInWithGoogle();
    expect(callback.headers.location).toBe('/profil');
    const me = await readSession(cookieHeader(sessionCookie(callback.headers)));
    expect(me?.user).toMatchObject({ email: 'hugo.bernard@gmail.com', name: 'Hugo Bernard' });
  });

  it('links Google to an existing verified account with the same e-mail', async () => {
    const existing = await signUpUser(ctx, 'ines.moreau@example.fr');
    idTokenClaims = { ...googleClaims, sub: 'google-ines', email: 'INES.MOREAU@example.fr' };
    const callback = await signInWithGoogle();
    expect(callback.headers.location).toBe('/profil');
    const me = await readSession(cookieHeader(sessionCookie(callback.headers)));
    expect(me?.user.id).toBe(existing.id);
    const { rows } = await ctx.db.query<{ provider_id: string }>(
      'select provider_id from accounts where user_id = $1 order by provider_id',
      [existing.id],
    );
    expect(rows.map((row) => row.provider_id)).toEqual(['credential', 'google']);
  });

  it('sends a cancelled consent back to /auth with the provider’s error', async () => {
    const { response, cookie } = await startSignIn(ctx, 'google');
    const callback = await consentAtProvider(response.json<{ url: string }>().url);
    callback.searchParams.delete('code');
    callback.searchParams.set('error', 'access_denied');
    const answer = await getCallback(callback, cookie);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/auth?error=access_denied');
    expect(sessionCookie(answer.headers)).toBeUndefined();
  });
});

describe('refusals: no session, back to /auth?error=…', () => {
  const refused = async (callback: Awaited<ReturnType<typeof signInWithGoogle>>) => {
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/^\/auth\?error=\w+/);
    expect(sessionCookie(callback.headers)).toBeUndefined();
    return new URL(callback.headers.location!, 'http://x').searchParams.get('error');
  };

  it('refuses a tampered state', async () => {
    idTokenClaims = { ...googleClaims, sub: 'google-tampered', email: 'tampered@gmail.com' };
    const error = await refused(
      await signInWithGoogle({
        tamper: (callback) => callback.searchParams.set('state', 'forged-state-0123456789abcdef'),
      }),
    );
    expect(error).toBe('state_mismatch');
    expect(tokenRequests).toHaveLength(0);
    expect(await countUsers('tampered@gmail.com')).toBe(0);
  });

  it('refuses a callback without the state cookie set at sign-in (login CSRF)', async () => {
    idTokenClaims = { ...googleClaims, sub: 'google-csrf', email: 'csrf@gmail.com' };
    const { response } = await startSignIn(ctx, 'google');
    const callback = await consentAtProvider(response.json<{ url: string }>().url);
    const error = await refused(await getCallback(callback));
    expect(error).toBe('state_mismatch');
    expect(tokenRequests).toHaveLength(0);
  });

  it('refuses an id_token issued for another client', async () => {
    idTokenClaims = { ...googleClaims, sub: 'google-aud', email: 'aud@gmail.com', aud: 'other' };
    expect(await refused(await signInWithGoogle())).toBe('unable_to_get_user_info');
    expect(await countUsers('aud@gmail.com')).toBe(0);
  });

  it('refuses an id_token signed by another key (same kid)', async () => {
    idTokenClaims = { ...googleClaims, sub: 'google-forged', email: 'forged@gmail.com' };
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    swapIdToken = (genuine) =>
      signRs256(decodePart(genuine, 0), decodePart(genuine, 1), privateKey);
    expect(await refused(await signInWithGoogle())).toBe('unable_to_get_user_info');
    expect(await countUsers('forged@gmail.com')).toBe(0);
  });

  it('refuses an id_token whose nonce is not the one sent', async () => {
    idTokenClaims = { ...googleClaims, sub: 'google-nonce', email: 'nonce@gmail.com' };
    idTokenClaims.nonce = 'replayed-nonce';
    expect(await refused(await signInWithGoogle())).toBe('unable_to_get_user_info');
    expect(await countUsers('nonce@gmail.com')).toBe(0);
  });

  it('refuses an expired id_token', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    idTokenClaims = {
      ...googleClaims,
      sub: 'google-expired',
      email: 'expired@gmail.com',
      iat: past,
      exp: past + 3600,
    };
    expect(await refused(await signInWithGoogle())).toBe('unable_to_get_user_info');
  });

  it('creates nothing for an e-mail the provider has not verified', async () => {
    idTokenClaims = {
      ...googleClaims,
      sub: 'google-unverified',
      email: 'unverified@gmail.com',
      email_verified: false,
    };
    expect(await refused(await signInWithGoogle())).toBe('email_not_found');
    expect(await countUsers('unverified@gmail.com')).toBe(0);
  });

  it('refuses to open a session from an id_token posted by the browser', async () => {
    const token = await provider.issuer.buildToken({
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, { ...googleClaims, aud: GOOGLE_CLIENT_ID });
      },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ctx.config.site.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ provider: 'google', idToken: { token } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'ID_TOKEN_SIGN_IN_DISABLED',
        message: 'Ce mode de connexion n’est pas disponible pour le moment.',
      },
    });
    expect(sessionCookie(response.headers)).toBeUndefined();
  });
});

describe('sign-in with Apple (form_post callback, ES256 client secret)', () => {
  const appleClaims = {
    sub: '001234.apple-pairwise-subject.0987',
    email: 'x7k2p9@privaterelay.appleid.com',
    email_verified: 'true',
    is_private_email: 'true',
  };

  it('completes the form_post flow and names the customer from the first-consent `user` field', async () => {
    idTokenClaims = appleClaims;
    const { authorize, form, cookie, followed } = await appleUpToFormPost({
      name: { firstName: 'Léa', lastName: 'Dubois' },
      email: appleClaims.email,
    });
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: APPLE_CLIENT_ID,
      redirect_uri: `${ctx.config.site.publicUrl}/api/auth/callback/apple`,
      scope: 'openid email name',
      response_mode: 'form_post',
    });
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.has('code_challenge')).toBe(false);
    // better-auth answers the POST with a redirect to the same callback as a GET: a top-level
    // navigation, which carries the SameSite=Lax state cookie.
    expect(followed.pathname).toBe('/api/auth/callback/apple');
    expect(followed.searchParams.get('state')).toBe(form.get('state'));

    const callback = await getCallback(followed, cookie);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/profil');
    const me = await readSession(cookieHeader(sessionCookie(callback.headers)));
    expect(me?.user).toMatchObject({
      email: appleClaims.email,
      name: 'Léa Dubois',
      emailVerified: true,
    });
    const { rows } = await ctx.db.query<{ provider_id: string; account_id: string }>(
      'select provider_id, account_id from accounts where user_id = $1',
      [me!.user.id],
    );
    expect(rows).toEqual([{ provider_id: 'apple', account_id: appleClaims.sub }]);
    const profiles = await ctx.db.query('select 1 from profiles where user_id = $1', [me!.user.id]);
    expect(profiles.rows).toHaveLength(1);

    // The client secret: an ES256 JWT from the .p8 key, as Apple wants it.
    expect(tokenRequests).toHaveLength(1);
    const { client_id: clientId, client_secret: secret } = tokenRequests[0] as Record<
      string,
      string
    >;
    expect(clientId).toBe(APPLE_CLIENT_ID);
    expect(decodePart(secret!, 0)).toEqual({ alg: 'ES256', kid: APPLE_KEY_ID });
    const claims = decodePart(secret!, 1);
    expect(claims).toMatchObject({
      iss: APPLE_TEAM_ID,
      sub: APPLE_CLIENT_ID,
      aud: 'https://appleid.apple.com',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBeGreaterThan(0);
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(15_777_000);
    const [header, payload, signature] = secret!.split('.');
    const valid = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: createPublicKey(appleKeys.privateKey), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    );
    expect(valid).toBe(true);
  });

  it('signs the customer in again when Apple no longer sends the `user` field', async () => {
    idTokenClaims = appleClaims;
    const { cookie, followed } = await appleUpToFormPost();
    const callback = await getCallback(followed, cookie);
    expect(callback.headers.location).toBe('/profil');
    const me = await readSession(cookieHeader(sessionCookie(callback.headers)));
    expect(me?.user).toMatchObject({ email: appleClaims.email, name: 'Léa Dubois' });
  });

  it('refuses a form post followed in a browser without the state cookie', async () => {
    idTokenClaims = appleClaims;
    const { followed } = await appleUpToFormPost();
    const callback = await getCallback(followed);
    expect(callback.headers.location).toBe('/auth?error=state_mismatch');
    expect(sessionCookie(callback.headers)).toBeUndefined();
  });

  it('creates nothing when Apple says the address is not verified ("false")', async () => {
    idTokenClaims = {
      ...appleClaims,
      sub: 'apple-unverified',
      email: 'unverified@privaterelay.appleid.com',
      email_verified: 'false',
    };
    const { cookie, followed } = await appleUpToFormPost();
    const callback = await getCallback(followed, cookie);
    expect(callback.headers.location).toBe('/auth?error=email_not_found');
    expect(sessionCookie(callback.headers)).toBeUndefined();
    expect(await countUsers('unverified@privaterelay.appleid.com')).toBe(0);
  });
});

describe('with no provider configured', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare?.close());

  it('lists no provider', async () => {
    const response = await bare.app.inject({ url: '/api/v1/auth/providers' });
    expect(response.json()).toEqual({ providers: [] });
  });

  it.each(['google', 'apple'] as const)(
    'answers a %s sign-in with PROVIDER_NOT_FOUND',
    async (id) => {
      const { response } = await startSignIn(bare, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        error: {
          code: 'PROVIDER_NOT_FOUND',
          message: 'Ce mode de connexion n’est pas disponible pour le moment.',
        },
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );
});

describe('configuration', () => {
  it('keeps a provider off until all its settings are set', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID,
      APPLE_TEAM_ID,
    });
    expect(config.socialSignIn).toMatchObject({
      google: undefined,
      apple: undefined,
      incomplete: ['google', 'apple'],
    });
  });

  it('refuses an Apple key that is not an EC P-256 private key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        APPLE_CLIENT_ID,
        APPLE_TEAM_ID,
        APPLE_KEY_ID,
        APPLE_PRIVATE_KEY: String(rsa.export({ type: 'pkcs8', format: 'pem' })),
      }),
    ).toThrow(/APPLE_PRIVATE_KEY/);
  });
});
