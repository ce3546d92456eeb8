import { createPrivateKey, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SiteInfo } from '@vroum/core/site';
import { DEFAULT_SITE } from '@vroum/core/site-defaults';
import type { SocialProvider } from '@vroum/core/social-sign-in';
import type { ChatModelConfig } from './providers/chat/chat-model';
import { READABLE_PACE } from './providers/chat/paced-stream';
import type { MailConfig } from './providers/mail/mail-transport';
import type { PaymentConfig } from './providers/payment/create-payment-provider';
import type { StorageConfig } from './providers/storage/object-storage';
import type { DatabaseLimits, PgliteThread } from './db/client';
import type { RateLimitStoreConfig } from './plugins/rate-limits';
import type { IdentityConfig } from './providers/identity/create-identity-provider';
import type { SignatureConfig } from './providers/signature/create-signature-provider';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** Password of the demo administrator when DEMO_MODE is on and ADMIN_PASSWORD is not set. */
export const DEMO_ADMIN_PASSWORD = 'Demo-Vroum-2026';

/** Every setting the server reads from the environment, with the embedded defaults. */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  /** worker: PGlite in a thread of its own (default); main: in the server's thread. */
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  WEB_DIST_DIR: optionalString,
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SERVER_RENDERING: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  DEMO_MODE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  ADMIN_EMAIL: z.email().default('admin@vroum-prestige.fr'),
  ADMIN_PASSWORD: optionalString,
  SITE_BRAND_NAME: optionalString,
  SITE_PHONE: optionalString,
  SITE_PHONE_E164: optionalString,
  SITE_EMAIL: optionalString,
  SITE_MESSAGING_URL: optionalString,
  SITE_LEGAL_NAME: optionalString,
  SITE_LEGAL_ADDRESS: optionalString,
  SITE_AGENCY_ADDRESS: optionalString,
  SITE_REGISTRATION: optionalString,
  PUBLIC_URL: optionalString,
  AUTH_SECRET: optionalString,
  TRUSTED_ORIGINS: optionalString,
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** memory: each instance counts its own limits; redis: every instance counts in REDIS_URL. */
  RATE_LIMIT_STORE: z.enum(['memory', 'redis']).default('memory'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('vroum:'),
  /** How often the booking jobs run (one instance at a time across the cluster). */
  BOOKING_JOBS_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  /** Unset: on, except under NODE_ENV=test (where one address sends every request). */
  AUTH_RATE_LIMIT: z.enum(['true', 'false']).optional(),
  GEOCODER: z.enum(['builtin', 'ign', 'mapbox']).default('builtin'),
  IGN_GEOCODER_URL: z.url().default('https://data.geopf.fr/geocodage'),
  MAPBOX_GEOCODER_URL: z.url().default('https://api.mapbox.com'),
  MAPBOX_ACCESS_TOKEN: optionalString,
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  MAIL_FROM: optionalString,
  STORAGE: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: z
    .url()
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  APPLE_CLIENT_ID: optionalString,
  APPLE_TEAM_ID: optionalString,
  APPLE_KEY_ID: optionalString,
  APPLE_PRIVATE_KEY: optionalString,
  APPLE_DISCOVERY_URL: z
    .url()
    .default('https://appleid.apple.com/.well-known/openid-configuration'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  MAX_OPEN_HOLDS: z.coerce.number().int().min(1).max(1000).default(2),
  BOOKING_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  CHAT_MODEL: z.enum(['builtin', 'openai']).default('builtin'),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** The built-in assistant's wait between two words (0: the whole reply at once). */
  CHAT_STREAM_PACE_MS: z.coerce.number().int().min(0).max(1000).default(READABLE_PACE.pieceMs),
  IDENTITY_PROVIDER: z.enum(['builtin', 'stripe']).default('builtin'),
  STRIPE_IDENTITY_WEBHOOK_SECRET: optionalString,
  SIGNATURE_PROVIDER: z.enum(['builtin', 'yousign']).default('builtin'),
  YOUSIGN_API_KEY: optionalString,
  YOUSIGN_WEBHOOK_SECRET: optionalString,
  YOUSIGN_API_URL: z.url().default('https://api.yousign.app/v3'),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  DATABASE_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  database: {
    url: string | undefined;
    dataDir: string;
    limits: DatabaseLimits;
    pgliteThread: PgliteThread;
  };
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
  /** Behind a load balancer: trust X-Forwarded-For for client addresses (rate limits, logs). */
  trustProxy: boolean;
  /**
   * Secret that signs session cookies, look-up grants and document links; per-address limits on
   * sign-in, sign-up and codes. Without AUTH_SECRET the secret is random: `secretFile` is then
   * where the server keeps it with the data (read or created at start), so sessions survive a
   * restart.
   */
  auth: { secret: string; secretFile: string | undefined; rateLimit: boolean };
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

/**
 * Sign-in with Google and Apple over OpenID Connect (decision 012). A provider is on only when
 * all its settings are set; one given some of them but not all stays off and is named in
 * `incomplete` (logged at start).
 */
export interface SocialSignInConfig {
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /** `clientId` is the Services ID; the key (.p8, PEM) signs the ES256 client_secret JWT. */
  apple:
    | { clientId: string; teamId: string; keyId: string; privateKey: string; discoveryUrl: string }
    | undefined;
  incomplete: SocialProvider[];
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
function trustedOrigins(env: z.infer<typeof Env>, publicUrl: string): string[] {
  const origins = new Set([new URL(publicUrl).origin]);
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

function authSecret(env: z.infer<typeof Env>): string {
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

function geocodingConfig(env: z.infer<typeof Env>): Config['geocoding'] {
  switch (env.GEOCODER) {
    case 'ign':
      return { provider: 'ign', baseUrl: env.IGN_GEOCODER_URL };
    case 'mapbox':
      if (!env.MAPBOX_ACCESS_TOKEN) {
        throw new Error('Invalid configuration:\n  GEOCODER=mapbox needs MAPBOX_ACCESS_TOKEN');
      }
      return {
        provider: 'mapbox',
        baseUrl: env.MAPBOX_GEOCODER_URL,
        accessToken: env.MAPBOX_ACCESS_TOKEN,
      };
    default:
      return { provider: 'builtin' };
  }
}

function mailConfig(env: z.infer<typeof Env>, site: SiteInfo): MailConfig {
  const domain = site.email.slice(site.email.lastIndexOf('@') + 1);
  const from = env.MAIL_FROM ?? `"${site.brandName.replace(/["\\]/g, '')}" <no-reply@${domain}>`;
  if (env.MAIL_TRANSPORT === 'outbox') return { transport: 'outbox', from };
  if (!env.SMTP_HOST) {
    throw new Error('Invalid configuration:\n  MAIL_TRANSPORT=smtp needs SMTP_HOST');
  }
  if (Boolean(env.SMTP_USER) !== Boolean(env.SMTP_PASSWORD)) {
    throw new Error('Invalid configuration:\n  SMTP_USER and SMTP_PASSWORD go together');
  }
  const auth =
    env.SMTP_USER && env.SMTP_PASSWORD
      ? { user: env.SMTP_USER, password: env.SMTP_PASSWORD }
      : undefined;
  return {
    transport: 'smtp',
    from,
    smtp: { host: env.SMTP_HOST, port: env.SMTP_PORT, secure: env.SMTP_SECURE, auth },
  };
}

function storageConfig(env: z.infer<typeof Env>): StorageConfig {
  if (env.STORAGE === 'local') {
    // With an in-memory database (tests, throw-away demos) files go to the system's temp folder.
    const dataDir = env.DATA_DIR.startsWith('memory://') ? join(tmpdir(), 'vroum') : env.DATA_DIR;
    return { provider: 'local', dir: resolve(env.STORAGE_DIR ?? join(dataDir, 'storage')) };
  }
  if (!env.S3_BUCKET) throw new Error('Invalid configuration:\n  STORAGE=s3 needs S3_BUCKET');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  const credentials =
    env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : undefined;
  return {
    provider: 's3',
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials,
  };
}

function chatConfig(env: z.infer<typeof Env>): Config['chat'] {
  const model: ChatModelConfig =
    env.CHAT_MODEL === 'openai'
      ? {
          provider: 'openai',
          baseUrl: env.OPENAI_BASE_URL,
          apiKey: env.OPENAI_API_KEY,
          model: env.OPENAI_MODEL,
        }
      : {
          provider: 'builtin',
          pace: { pieceMs: env.CHAT_STREAM_PACE_MS, maxTotalMs: READABLE_PACE.maxTotalMs },
        };
  return { model, rateLimitPerMinute: env.CHAT_RATE_LIMIT };
}

function paymentConfig(env: z.infer<typeof Env>): PaymentConfig {
  if (env.PAYMENT_PROVIDER === 'sandbox') {
    // The sandbox accepts published test cards: never let a real deployment fall back to it.
    if (!env.DEMO_MODE && env.NODE_ENV === 'production') {
      throw new Error(
        'Invalid configuration:\n  PAYMENT_PROVIDER=sandbox is for the demo: set PAYMENT_PROVIDER=stripe when DEMO_MODE=false',
      );
    }
    return { provider: 'sandbox' };
  }
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  return {
    provider: 'stripe',
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  };
}

function identityConfig(env: z.infer<typeof Env>): IdentityConfig {
  if (env.IDENTITY_PROVIDER === 'builtin') return { provider: 'builtin' };
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_IDENTITY_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  IDENTITY_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_IDENTITY_WEBHOOK_SECRET',
    );
  }
  return {
    provider: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_IDENTITY_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  };
}

function signatureConfig(env: z.infer<typeof Env>): SignatureConfig {
  if (env.SIGNATURE_PROVIDER === 'builtin') return { provider: 'builtin' };
  if (!env.YOUSIGN_API_KEY || !env.YOUSIGN_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  SIGNATURE_PROVIDER=yousign needs YOUSIGN_API_KEY and YOUSIGN_WEBHOOK_SECRET',
    );
  }
  return {
    provider: 'yousign',
    apiKey: env.YOUSIGN_API_KEY,
    webhookSecret: env.YOUSIGN_WEBHOOK_SECRET,
    apiUrl: env.YOUSIGN_API_URL,
  };
}

function socialSignInConfig(env: z.infer<typeof Env>): SocialSignInConfig {
  const incomplete: SocialProvider[] = [];
  const googleSettings = [env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET];
  const appleSettings = [
    env.APPLE_CLIENT_ID,
    env.APPLE_TEAM_ID,
    env.APPLE_KEY_ID,
    env.APPLE_PRIVATE_KEY,
  ];
  let google: SocialSignInConfig['google'];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    google = {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      discoveryUrl: env.GOOGLE_DISCOVERY_URL,
    };
  } else if (googleSettings.some(Boolean)) {
    incomplete.push('google');
  }
  let apple: SocialSignInConfig['apple'];
  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY) {
    // The PEM may come on one line with literal \n (the usual way to put it in an env file).
    const privateKey = env.APPLE_PRIVATE_KEY.replaceAll('\\n', '\n');
    if (!isEcP256PrivateKey(privateKey)) {
      throw new Error(
        'Invalid configuration:\n  APPLE_PRIVATE_KEY must be the PEM of the .p8 key (EC P-256)',
      );
    }
    apple = {
      clientId: env.APPLE_CLIENT_ID,
      teamId: env.APPLE_TEAM_ID,
      keyId: env.APPLE_KEY_ID,
      privateKey,
      discoveryUrl: env.APPLE_DISCOVERY_URL,
    };
  } else if (appleSettings.some(Boolean)) {
    incomplete.push('apple');
  }
  return { google, apple, incomplete };
}

function isEcP256PrivateKey(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}
