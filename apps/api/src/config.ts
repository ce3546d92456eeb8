import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SiteInfo } from '@vroum/core/site';
import { DEFAULT_SITE } from '@vroum/core/site-defaults';
import { Env } from './config-env';
import {
  chatConfig,
  geocodingConfig,
  identityConfig,
  mailConfig,
  paymentConfig,
  signatureConfig,
  socialSignInConfig,
  storageConfig,
  type SocialSignInConfig,
} from './config-providers';
import type { DatabaseLimits, PgliteThread } from './db/client';
import type { PasswordHashCost } from './lib/password-hashing';
import type { PdfPoolSettings } from './lib/pdf-pool';
import type { RateLimitStoreConfig } from './plugins/rate-limits';
import type { ChatModelConfig } from './providers/chat/chat-model';
import type { MailConfig } from './providers/mail/mail-transport';
import type { PaymentConfig } from './providers/payment/create-payment-provider';
import type { StorageConfig } from './providers/storage/object-storage';
import type { IdentityConfig } from './providers/identity/create-identity-provider';
import type { SignatureConfig } from './providers/signature/create-signature-provider';

/** Password of the demo administrator when DEMO_MODE is on and ADMIN_PASSWORD is not set. */
export const DEMO_ADMIN_PASSWORD = 'Demo-Vroum-2026';

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  database: {
    url: string | undefined;
    dataDir: string;
    limits: DatabaseLimits;
    pgliteThread: PgliteThread;
  };
  /** The threads rendering the PDFs (decision 053). */
  pdf: PdfPoolSettings;
  /**
   * Whether a confirmed booking's contract is rendered in the background (and by the periodic
   * jobs), or only when its signing code is asked for (decision 053).
   */
  contractsAhead: boolean;
  /** Built SPA to serve (production); undefined when Vite serves it. */
  webDistDir: string | undefined;
  /**
   * The server's renderer of landing pages, built beside the SPA (apps/web/dist-server), when
   * SERVER_RENDERING is on; the pages are then sent as HTML the browser hydrates.
   */
  serverRenderer: string | undefined;
  /** How long an availability answer is kept at most (decision 020); 0 = not kept. */
  catalogueCacheMs: number;
  /** Demo mode shows the mail outbox to admins and prints the demo admin's credentials. */
  demoMode: boolean;
  admin: { email: string; password: string | undefined };
  site: SiteInfo;
  /**
   * The load balancers' addresses and networks whose X-Forwarded-For gives the client's address
   * (rate limits, logs); false: none, the connection's address is the client's.
   */
  trustProxy: false | string[];
  /**
   * Secret that signs session cookies, look-up grants and document links; per-address limits on
   * sign-in, sign-up and codes. Without AUTH_SECRET the secret is random: `secretFile` is then
   * where the server keeps it with the data (read or created at start), so sessions survive a
   * restart.
   */
  auth: {
    secret: string;
    secretFile: string | undefined;
    rateLimit: boolean;
    passwordHashCost: PasswordHashCost;
  };
  /** Where the per-address limits are counted: this process, or Redis shared by instances. */
  rateLimitStore: RateLimitStoreConfig;
  /** How often the booking jobs run; across instances, one of them runs each round. */
  bookingJobsIntervalMs: number;
  /** Cars one customer may hold at once while paying (pending bookings within their hold). */
  maxOpenHolds: number;
  /** Payment starts per minute and address; quotes get three times as many. */
  bookingRateLimit: number;
  /** Origins whose pages may call state-changing endpoints: the site, plus Vite in development. */
  trustedOrigins: string[];
  geocoding:
    | { provider: 'builtin' }
    | { provider: 'ign'; baseUrl: string }
    | { provider: 'mapbox'; baseUrl: string; accessToken: string };
  mail: MailConfig;
  /** Where uploaded documents are kept (private objects). */
  storage: StorageConfig;
  socialSignIn: SocialSignInConfig;
  /** Who authorises and captures card payments (decision 013). */
  payments: PaymentConfig;
  identity: IdentityConfig;
  signature: SignatureConfig;
  /** Support chat (decision 015): the model, and the messages per minute per address. */
  chat: { model: ChatModelConfig; rateLimitPerMinute: number };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST === 'light') {
    throw new Error(
      'Invalid configuration:\n  PASSWORD_HASH_COST: light is for test suites, never production',
    );
  }
  const port = env.PORT;
  const site = SiteInfo.parse({
    brandName: env.SITE_BRAND_NAME ?? DEFAULT_SITE.brandName,
    phone: env.SITE_PHONE ?? DEFAULT_SITE.phone,
    phoneE164: env.SITE_PHONE_E164 ?? DEFAULT_SITE.phoneE164,
    email: env.SITE_EMAIL ?? DEFAULT_SITE.email,
    messagingUrl: env.SITE_MESSAGING_URL ?? DEFAULT_SITE.messagingUrl,
    legalName: env.SITE_LEGAL_NAME ?? DEFAULT_SITE.legalName,
    legalAddress: env.SITE_LEGAL_ADDRESS ?? DEFAULT_SITE.legalAddress,
    agencyAddress: env.SITE_AGENCY_ADDRESS ?? DEFAULT_SITE.agencyAddress,
    registration: env.SITE_REGISTRATION ?? DEFAULT_SITE.registration,
    legalForm: env.SITE_LEGAL_FORM ?? DEFAULT_SITE.legalForm,
    shareCapital: env.SITE_SHARE_CAPITAL ?? DEFAULT_SITE.shareCapital,
    siren: env.SITE_SIREN ?? DEFAULT_SITE.siren,
    siret: env.SITE_SIRET ?? DEFAULT_SITE.siret,
    rcsCity: env.SITE_RCS_CITY ?? DEFAULT_SITE.rcsCity,
    vatNumber: env.SITE_VAT_NUMBER ?? DEFAULT_SITE.vatNumber,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
  });
  const webDistDir = env.WEB_DIST_DIR
    ? resolve(env.WEB_DIST_DIR)
    : env.NODE_ENV === 'production'
      ? fileURLToPath(new URL('../../web/dist', import.meta.url))
      : undefined;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port,
    logLevel: env.LOG_LEVEL,
    database: {
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR.startsWith('memory://')
        ? env.DATA_DIR
        : resolve(env.DATA_DIR, 'pglite'),
      pgliteThread: env.PGLITE_THREAD,
      limits: {
        lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        connectionTimeoutMs: env.DATABASE_CONNECTION_TIMEOUT_MS,
      },
    },
    pdf: { workers: env.PDF_WORKERS, timeoutMs: env.PDF_RENDER_TIMEOUT_MS },
    contractsAhead: env.CONTRACTS_AHEAD,
    webDistDir,
    catalogueCacheMs: env.CATALOGUE_CACHE_MS,
    serverRenderer:
      webDistDir && env.SERVER_RENDERING
        ? join(webDistDir, '..', 'dist-server', 'entry-server.js')
        : undefined,
    demoMode: env.DEMO_MODE,
    admin: {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD ?? (env.DEMO_MODE ? DEMO_ADMIN_PASSWORD : undefined),
    },
    site,
    trustProxy: env.TRUST_PROXY,
    maxOpenHolds: env.MAX_OPEN_HOLDS,
    bookingRateLimit: env.BOOKING_RATE_LIMIT,
    auth: {
      secret: authSecret(env),
      secretFile:
        env.AUTH_SECRET || env.DATA_DIR.startsWith('memory://')
          ? undefined
          : resolve(env.DATA_DIR, 'auth-secret'),
      rateLimit:
        env.AUTH_RATE_LIMIT === undefined
          ? env.NODE_ENV !== 'test'
          : env.AUTH_RATE_LIMIT === 'true',
      passwordHashCost: env.PASSWORD_HASH_COST ?? (env.NODE_ENV === 'test' ? 'light' : 'standard'),
    },
    rateLimitStore:
      env.RATE_LIMIT_STORE === 'redis'
        ? { kind: 'redis', url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX }
        : { kind: 'memory' },
    bookingJobsIntervalMs: env.BOOKING_JOBS_INTERVAL_MS,
    trustedOrigins: trustedOrigins(env, site.publicUrl),
    geocoding: geocodingConfig(env),
    mail: mailConfig(env, site),
    storage: storageConfig(env),
    socialSignIn: socialSignInConfig(env),
    payments: paymentConfig(env),
    identity: identityConfig(env),
    signature: signatureConfig(env),
    chat: chatConfig(env),
  };
}

/**
 * Origins whose browsers may change state with the session cookie: the public address, and,
 * when none is configured, every loopback name of the listening port (a newcomer's demo opened
 * at http://127.0.0.1:3000 rather than http://localhost:3000 is the same server).
 */
function trustedOrigins(env: Env, publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  // Passkeys cannot belong to an IP address: a site published at a loopback address makes them
  // for localhost (decision 042), which must then be trusted too.
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') {
    origins.add(`${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`);
  }
  if (env.PUBLIC_URL === undefined) {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      origins.add(`http://${host}:${env.PORT}`);
    }
  }
  if (env.NODE_ENV === 'development') origins.add('http://localhost:5173');
  for (const origin of env.TRUSTED_ORIGINS?.split(',') ?? []) {
    if (origin.trim()) origins.add(new URL(origin.trim()).origin);
  }
  return [...origins];
}

/**
 * The default secret an earlier version wrote in its source: anyone can sign with it, so it is
 * refused unless the server listens on a loopback address only.
 */
export const PUBLISHED_AUTH_SECRET = 'demo-only-secret-set-AUTH_SECRET-in-production-0123456789';

/** Every configuration loaded in this process without AUTH_SECRET shares this random secret. */
const PROCESS_AUTH_SECRET = randomBytes(48).toString('base64url');

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

function authSecret(env: Env): string {
  if (env.AUTH_SECRET) {
    if (env.AUTH_SECRET.length < 32) {
      throw new Error('Invalid configuration:\n  AUTH_SECRET must be at least 32 characters');
    }
    if (env.AUTH_SECRET === PUBLISHED_AUTH_SECRET && !LOOPBACK_HOSTS.has(env.HOST)) {
      throw new Error(
        'Invalid configuration:\n  AUTH_SECRET is the secret published in the source code; ' +
          'set your own (openssl rand -base64 48) or leave it unset',
      );
    }
    return env.AUTH_SECRET;
  }
  if (!env.DEMO_MODE && env.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  AUTH_SECRET is required when DEMO_MODE=false');
  }
  return PROCESS_AUTH_SECRET;
}
