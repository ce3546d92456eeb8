import { createPrivateKey, sign } from 'node:crypto';
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins';
import type { SocialProvider } from '@vroum/core/social-sign-in';
import type { SocialSignInConfig } from '../../config-providers';

/**
 * Sign-in with Google and Apple over OpenID Connect (decision 012), on better-auth's
 * `genericOAuth` so that every endpoint comes from the provider's discovery document (the
 * built-in `google` / `apple` providers hard-code them). The flow is better-auth's own:
 * POST /api/auth/sign-in/social { provider } → the provider → /api/auth/callback/:provider.
 *
 * better-auth checks each id_token against the discovered JWKS (signature, `iss`, `aud` =
 * client id, `exp`/`iat`, and the `nonce` it sent), then our mapping below runs on the verified
 * claims. Only an address the provider has verified signs in (see `verifiedEmail`).
 */
export function socialSignInPlugin(config: SocialSignInConfig) {
  const providers: GenericOAuthConfig[] = [];
  if (config.google) providers.push(googleProvider(config.google));
  if (config.apple) providers.push(appleProvider(config.apple));
  return genericOAuth({ config: providers });
}

export function enabledSocialProviders(config: SocialSignInConfig): SocialProvider[] {
  return (['google', 'apple'] as const).filter((provider) => config[provider] !== undefined);
}

function googleProvider(google: NonNullable<SocialSignInConfig['google']>): GenericOAuthConfig {
  return {
    providerId: 'google',
    name: 'Google',
    discoveryUrl: google.discoveryUrl,
    // Without the issuer and JWKS of discovery, id_tokens could only be decoded: refuse that.
    requireIdTokenVerification: true,
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    // Second guard: never a session for a user whose address is not verified.
    requireEmailVerification: true,
    // The claims of the verified id_token (or of the userinfo endpoint when it has no e-mail).
    mapProfileToUser: (profile) => {
      const email = verifiedEmail(profile.email, profile.email_verified);
      return {
        email,
        emailVerified: email !== null,
        name: displayName(profile.name, profile.given_name, profile.family_name),
      };
    },
  };
}

type AppleSettings = NonNullable<SocialSignInConfig['apple']>;

/**
 * Apple answers with a form POST (`response_mode=form_post`, required for the `name` and
 * `email` scopes). better-auth turns that POST into a redirect to the same callback as a GET:
 * the POST from appleid.apple.com carries no SameSite=Lax cookie, the GET that follows is a
 * top-level navigation and carries the state cookie. Apple has no userinfo endpoint; the name
 * comes once, on first consent, in the form field `user`.
 */
function appleProvider(apple: AppleSettings): GenericOAuthConfig {
  return {
    providerId: 'apple',
    name: 'Apple',
    discoveryUrl: apple.discoveryUrl,
    requireIdTokenVerification: true,
    clientId: apple.clientId,
    // client_secret_post with a freshly signed ES256 JWT for each token request.
    tokenEndpointAuth: {
      method: 'custom',
      customizeRequest({ body }) {
        body.set('client_id', apple.clientId);
        body.set('client_secret', appleClientSecret(apple));
      },
    },
    scopes: ['openid', 'email', 'name'],
    responseMode: 'form_post',
    // Apple does not advertise PKCE; the state, the nonce and the client secret bind the flow.
    pkce: false,
    requireEmailVerification: true,
    // Called by better-auth once the id_token is verified (signature, iss, aud, exp, nonce).
    async getUserInfo(tokens) {
      if (!tokens.idToken) return null;
      const claims = jwtPayload(tokens.idToken);
      if (typeof claims.sub !== 'string') return null;
      const user = (tokens as { user?: AppleUser }).user;
      const email = verifiedEmail(claims.email, claims.email_verified);
      return {
        sub: claims.sub,
        email,
        emailVerified: email !== null,
        name: displayName(undefined, user?.name?.firstName, user?.name?.lastName),
      };
    },
  };
}

/** The form field `user` Apple posts on first consent only. */
interface AppleUser {
  name?: { firstName?: string; lastName?: string };
  email?: string;
}

/** Apple's client secret lasts at most 6 months; ours is signed per request and lasts 5 minutes. */
const APPLE_CLIENT_SECRET_TTL_SECONDS = 300;

/**
 * The ES256 JWT Apple takes as client_secret: header { alg, kid: Key ID }, claims { iss: Team
 * ID, iat, exp, aud: 'https://appleid.apple.com', sub: Services ID }, as Apple documents it.
 */
function appleClientSecret(apple: AppleSettings): string {
  const iat = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode({ alg: 'ES256', kid: apple.keyId })}.${encode({
    iss: apple.teamId,
    iat,
    exp: iat + APPLE_CLIENT_SECRET_TTL_SECONDS,
    aud: 'https://appleid.apple.com',
    sub: apple.clientId,
  })}`;
  const signature = sign('sha256', Buffer.from(signingInput), {
    key: createPrivateKey(apple.privateKey),
    dsaEncoding: 'ieee-p1363',
  });
  return `${signingInput}.${signature.toString('base64url')}`;
}

function jwtPayload(jwt: string): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString(),
    );
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Google sends booleans, Apple may send the strings "true" / "false". */
const isTrue = (value: unknown) => value === true || value === 'true';

/**
 * An address the provider has not verified counts as no address: better-auth then stops at
 * `email_not_found` before creating or linking anything (its `requireEmailVerification` alone
 * would create the user, mail it a code and only refuse the session).
 */
function verifiedEmail(email: unknown, verified: unknown): string | null {
  return typeof email === 'string' && email !== '' && isTrue(verified) ? email : null;
}

function displayName(full: unknown, first: unknown, last: unknown): string {
  if (typeof full === 'string' && full.trim()) return full.trim();
  return [first, last]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
}
