import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { emailOTP } from 'better-auth/plugins';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { passwordHashing } from '../../lib/password-hashing';
import { createMemoryCounter, type SharedRateLimitCounter } from '../../plugins/rate-limits';
import { createNotification } from '../notifications/notifications.service';
import { WELCOME_NOTIFICATION } from '../notifications/welcome-notification';
import { createProfile } from '../profile/profile.service';
import { accountSecurity } from './account-security';
import { isEmailRegistered } from './auth.repository';
import { secondFactorHooks, secondFactorPlugins, secondFactorSessionField } from './second-factor';
import { securityEventHooks } from './security-event-hooks';
import { lastSeenSessionField } from './session-activity';
import { socialSignInPlugin } from './social-providers';

/** Verification codes last 10 minutes and allow 5 attempts. */
const OTP_TTL_SECONDS = 600;
const SESSION_TTL_SECONDS = 30 * 24 * 3600;
const SESSION_REFRESH_AFTER_SECONDS = 24 * 3600;

/**
 * Accounts, sessions and e-mail verification on better-auth, stored in our PostgreSQL (tables of
 * migration 0001, snake_case columns). Sessions are httpOnly cookies (SameSite=Lax, Secure over
 * HTTPS) that extend themselves once a day of use.
 */
export function createAuth(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  sharedCounter?: SharedRateLimitCounter,
) {
  const secure = config.site.publicUrl.startsWith('https:');
  // Per e-mail limits count where the per-address ones do: in Redis for every instance.
  const security = accountSecurity(config, db, sharedCounter ?? createMemoryCounter());
  const secondFactor = secondFactorHooks(db);
  const securityEvents = securityEventHooks(config.site, db);
  return betterAuth({
    appName: config.site.brandName,
    // The library's messages (a refused sign-in state, an invalid token…) go to the app's
    // structured log, at the app's level, rather than to the console.
    logger: {
      log: (level, message, ...details: unknown[]) => log[level]({ details }, message),
    },
    baseURL: config.site.publicUrl,
    basePath: '/api/auth',
    secret: config.auth.secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    database: { dialect: db.kyselyDialect(), type: 'postgres' },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_REFRESH_AFTER_SECONDS,
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      additionalFields: { ...secondFactorSessionField, ...lastSeenSessionField },
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    advanced: {
      // A session is read with its user in one query (a join) rather than two: every signed-in
      // request reads it.
      database: { generateId: 'uuid', joins: true },
      cookiePrefix: 'vroum',
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      autoSignIn: false,
      password: passwordHashing(config.auth.passwordHashCost),
      ...security.passwordReset,
      onPasswordReset: async ({ user }, request) => securityEvents.passwordReset(user, request),
    },
    emailVerification: { autoSignInAfterVerification: true },
    // A social sign-in that fails before its state is read (e.g. a forged state) lands on /auth
    // too, where the page shows 'Erreur de connexion' from ?error=.
    onAPIError: { errorURL: '/auth' },
    rateLimit: {
      enabled: config.auth.rateLimit,
      window: 60,
      max: 100,
      // Shared by every instance when the limits are counted in Redis; else in this process.
      ...(sharedCounter ? { customStorage: sharedCounter } : {}),
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/email-otp/verify-email': { window: 60, max: 10 },
        '/email-otp/send-verification-otp': { window: 60, max: 3 },
        '/request-password-reset': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 10 },
        '/change-password': { window: 60, max: 5 },
        '/email-otp/request-email-change': { window: 60, max: 3 },
        '/email-otp/change-email': { window: 60, max: 10 },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: OTP_TTL_SECONDS,
        allowedAttempts: 5,
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        storeOTP: 'hashed',
        // An e-mail change is confirmed by a code sent to the new address.
        changeEmail: { enabled: true },
        sendVerificationOTP: security.sendCode,
      }),
      socialSignInPlugin(config.socialSignIn),
      ...secondFactorPlugins(config),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const changed = await security.before(ctx);
        if (changed) return changed;
        await secondFactor.before(ctx);
        await securityEvents.before(ctx);
        // Social sign-in is the redirect flow only: no session from an id_token the browser
        // posts, where a replayed token would need no nonce (decision 012).
        if (ctx.path === '/sign-in/social' && ctx.body?.idToken !== undefined) {
          throw new APIError('BAD_REQUEST', {
            code: 'ID_TOKEN_SIGN_IN_DISABLED',
            message: 'Sign-in with an id_token is not available',
          });
        }
        // Sign-up answers 'Cet email est déjà utilisé' for a known address, where the library would
        // answer a look-alike success to hide existing accounts (decision 011).
        if (ctx.path !== '/sign-up/email') return;
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email.trim() : '';
        if (!email) return;
        if (await isEmailRegistered(db, email)) {
          throw new APIError('UNPROCESSABLE_ENTITY', {
            code: 'USER_ALREADY_EXISTS',
            message: 'User already registered',
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        await secondFactor.after(ctx);
        await securityEvents.after(ctx);
        return security.after(ctx);
      }),
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session, ctx) => secondFactor.sessionCreated(session, ctx ?? null),
          // A sign-in from a device the account never used is mailed (decision 049).
          after: async (session) => securityEvents.sessionCreated(session),
        },
      },
      user: {
        create: {
          // Every account gets its profile row, pending validation until the team checks it.
          async after(user) {
            await createProfile(db, user.id, user.email);
            await createNotification(db, { userId: user.id, ...WELCOME_NOTIFICATION });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
