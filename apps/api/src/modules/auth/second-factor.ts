import { passkey } from '@better-auth/passkey';
import { APIError, type createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { markSessionSecondFactor, readSecondFactorState } from './second-factor.repository';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);

/** Backup codes: ten, single-use, shown once at enrolment. */
const BACKUP_CODES = { amount: 10, length: 10 };

/** Calls whose success proves a second factor: a session they create has passed it. */
const PROVING_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/passkey/verify-authentication',
]);

/**
 * Calls that add, show or remove a factor. Once an account has a factor, only a session that
 * passed one may make them: a stolen password alone cannot enrol the thief's own factor.
 */
const FACTOR_CHANGES = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/delete-passkey',
  '/passkey/update-passkey',
]);

/** The session field better-auth reads and writes: whether the session passed a second factor. */
export const secondFactorSessionField = {
  secondFactorVerified: {
    type: 'boolean',
    fieldName: 'second_factor_verified',
    required: false,
    defaultValue: false,
    input: false,
  },
} as const;

/**
 * The second factor on better-auth's own plugins: an authenticator app (TOTP, with backup codes)
 * and passkeys (WebAuthn), stored in two_factors and passkeys (decision 042).
 */
export function secondFactorPlugins(config: Config) {
  const { hostname } = new URL(config.site.publicUrl);
  return [
    twoFactor({
      issuer: config.site.brandName,
      backupCodeOptions: { ...BACKUP_CODES, storeBackupCodes: 'encrypted' },
      schema: {
        user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
        twoFactor: {
          modelName: 'two_factors',
          fields: {
            userId: 'user_id',
            backupCodes: 'backup_codes',
            failedVerificationCount: 'failed_verification_count',
            lockedUntil: 'locked_until',
          },
        },
      },
    }),
    passkey({
      // Passkeys belong to a domain, never to an IP address: a site published at a loopback
      // address (the demo at 127.0.0.1) makes them for localhost, where they then work. The
      // expected origin is the request's, which the sign-in layer already checks against the
      // trusted origins.
      rpID: LOOPBACK_IPS.has(hostname) ? 'localhost' : hostname,
      rpName: config.site.brandName,
      schema: {
        passkey: {
          modelName: 'passkeys',
          fields: {
            userId: 'user_id',
            publicKey: 'public_key',
            credentialID: 'credential_id',
            deviceType: 'device_type',
            backedUp: 'backed_up',
            createdAt: 'created_at',
          },
        },
      },
    }),
  ];
}

const refused = (code: string, message: string) => new APIError('FORBIDDEN', { code, message });

/** The session rules of the second factor, as hooks of the sign-in layer. */
export function secondFactorHooks(db: Database) {
  return {
    /** A session passed the factor when made by a proving call, or when it replaces one that had. */
    sessionCreated(
      session: Record<string, unknown>,
      ctx: { path?: string; context?: { session?: { session?: object } | null } } | null,
    ) {
      const replaced = ctx?.context?.session?.session as
        { secondFactorVerified?: boolean } | undefined;
      const verified =
        (ctx?.path !== undefined && PROVING_PATHS.has(ctx.path)) ||
        replaced?.secondFactorVerified === true;
      return { data: { ...session, secondFactorVerified: verified } };
    },

    async before(ctx: HookContext) {
      if (!FACTOR_CHANGES.has(ctx.path)) return;
      const session = await getSessionFromCtx(ctx);
      if (!session) return;
      const state = await readSecondFactorState(db, session.user.id);
      const verified =
        (session.session as { secondFactorVerified?: boolean }).secondFactorVerified === true;
      if ((state.totp || state.passkeys > 0) && !verified) {
        throw refused('SECOND_FACTOR_REQUIRED', 'Second factor required');
      }
      // The team keeps at least one factor: removing the last one would reopen the console.
      const removesLast =
        (ctx.path === '/two-factor/disable' && state.passkeys === 0) ||
        (ctx.path === '/passkey/delete-passkey' && !state.totp && state.passkeys <= 1);
      if (state.staff && removesLast) {
        throw refused('LAST_SECOND_FACTOR', 'Staff keep at least one second factor');
      }
    },

    /**
     * A session that confirms a factor it already had, or enrols its first passkey, has passed
     * the factor itself (no new session is made then).
     */
    async after(ctx: HookContext) {
      const proving = PROVING_PATHS.has(ctx.path) || ctx.path === '/passkey/verify-registration';
      if (!proving || ctx.context.newSession) return;
      const returned = ctx.context.returned;
      if (returned instanceof Error || returned instanceof Response) return;
      const session = await getSessionFromCtx(ctx);
      if (session) await markSessionSecondFactor(db, session.session.id);
    },
  };
}
