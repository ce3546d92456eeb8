import { createPrivateKey } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SiteInfo } from '@vroum/core/site';
import type { SocialProvider } from '@vroum/core/social-sign-in';
import type { Config } from './config';
import type { Env } from './config-env';
import type { ChatModelConfig } from './providers/chat/chat-model';
import { READABLE_PACE } from './providers/chat/paced-stream';
import type { MailConfig } from './providers/mail/mail-transport';
import type { PaymentConfig } from './providers/payment/create-payment-provider';
import type { StorageConfig } from './providers/storage/object-storage';
import type { IdentityConfig } from './providers/identity/create-identity-provider';
import type { SignatureConfig } from './providers/signature/create-signature-provider';

// Each provider's settings, read from the environment by loadConfig (config.ts): the built-in
// provider unless the settings of the service a company buys are given.

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

export function geocodingConfig(env: Env): Config['geocoding'] {
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

export function mailConfig(env: Env, site: SiteInfo): MailConfig {
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

export function storageConfig(env: Env): StorageConfig {
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

export function chatConfig(env: Env): Config['chat'] {
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

export function paymentConfig(env: Env): PaymentConfig {
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

export function identityConfig(env: Env): IdentityConfig {
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

export function signatureConfig(env: Env): SignatureConfig {
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

export function socialSignInConfig(env: Env): SocialSignInConfig {
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
