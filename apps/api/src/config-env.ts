import { z } from 'zod';
import { TrustedProxies } from './config-trusted-proxies';
import { READABLE_PACE } from './providers/chat/paced-stream';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** A 'true' / 'false' variable, read as a boolean, `byDefault` when unset. */
const flag = (byDefault: boolean) =>
  z
    .enum(['true', 'false'])
    .default(byDefault ? 'true' : 'false')
    .transform((value) => value === 'true');

/** Every setting the server reads from the environment, with the embedded defaults. */
export const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  /** worker: PGlite in a thread of its own (default); main: in the server's thread. */
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  /** Threads rendering the PDFs (contracts, seals, reports, invoices), off the requests' thread. */
  PDF_WORKERS: z.coerce.number().int().min(1).max(8).default(2),
  /** A PDF not rendered within this is refused (503) and its thread replaced. */
  PDF_RENDER_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Each booking's contract rendered once it is confirmed, not on its signing-code request. */
  CONTRACTS_AHEAD: flag(true),
  WEB_DIST_DIR: optionalString,
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SERVER_RENDERING: flag(true),
  DEMO_MODE: flag(true),
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
  SITE_LEGAL_FORM: optionalString,
  SITE_SHARE_CAPITAL: optionalString,
  SITE_SIREN: optionalString,
  SITE_SIRET: optionalString,
  SITE_RCS_CITY: optionalString,
  SITE_VAT_NUMBER: optionalString,
  PUBLIC_URL: optionalString,
  AUTH_SECRET: optionalString,
  TRUSTED_ORIGINS: optionalString,
  TRUST_PROXY: TrustedProxies,
  /** memory: each instance counts its own limits; redis: every instance counts in REDIS_URL. */
  RATE_LIMIT_STORE: z.enum(['memory', 'redis']).default('memory'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('vroum:'),
  /** How often the booking jobs run (one instance at a time across the cluster). */
  BOOKING_JOBS_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  /**
   * Unset: standard, except under NODE_ENV=test. `light` hashes new passwords sixteen times
   * faster, for test suites only: refused under NODE_ENV=production.
   */
  PASSWORD_HASH_COST: z.enum(['standard', 'light']).optional(),
  /** Unset: on, except under NODE_ENV=test (where one address sends every request). */
  AUTH_RATE_LIMIT: z.enum(['true', 'false']).optional(),
  GEOCODER: z.enum(['builtin', 'ign', 'mapbox']).default('builtin'),
  IGN_GEOCODER_URL: z.url().default('https://data.geopf.fr/geocodage'),
  MAPBOX_GEOCODER_URL: z.url().default('https://api.mapbox.com'),
  MAPBOX_ACCESS_TOKEN: optionalString,
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: flag(false),
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
  S3_FORCE_PATH_STYLE: flag(true),
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

export type Env = z.infer<typeof Env>;
