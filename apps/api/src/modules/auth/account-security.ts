import { setTimeout as sleep } from 'node:timers/promises';
import { APIError, type createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { SharedRateLimitCounter } from '../../plugins/rate-limits';
import {
  emailChangeCodeMail,
  passwordResetMail,
  verificationCodeMail,
} from '../mail/mail-templates';
import { enqueueMail } from '../mail/mail.service';
import { setProfileEmail } from '../profile/profile.service';
import { readAccountStamps } from './security-events.repository';
import { originOf, recordSecurityEvent } from './security-events';
import { keepSessionAlive } from './session-activity';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** A password reset link works once, for 30 minutes. */
export const RESET_LINK_TTL_SECONDS = 30 * 60;
/** Links and codes mailed to one address: at most 3 a quarter of an hour, whoever asks. */
export const PER_EMAIL_RULE = { window: 15 * 60, max: 3 };
/**
 * The answer to a reset request takes at least this long, whether the address has an account
 * (a token written, a mail queued) or not: its timing tells nothing either.
 */
export const RESET_ANSWER_FLOOR_MS = 400;

const MAILING_PATHS: Record<string, 'email' | 'newEmail'> = {
  '/request-password-reset': 'email',
  '/email-otp/request-email-change': 'newEmail',
};

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Password recovery, password and e-mail change, and the session check, on better-auth. */
export function accountSecurity(
  config: Config,
  db: Database,
  perEmailCounter: SharedRateLimitCounter,
) {
  const startedAt = new WeakMap<Request, number>();
  const emailBeforeChange = new WeakMap<
    Request,
    { userId: string; email: string; ipAddress: string | null | undefined }
  >();

  return {
    passwordReset: {
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The link opens /auth, which asks for the new password; the token is the only secret.
      async sendResetPassword({ user, token }: { user: { email: string }; token: string }) {
        const link = `${config.site.publicUrl}/auth?reinitialisation=${encodeURIComponent(token)}`;
        await enqueueMail(db, {
          to: user.email,
          template: 'password-reset',
          ...passwordResetMail(config.site, link),
        });
      },
    },

    /** The e-mail codes: sign-up verification, or the new address of an e-mail change. */
    async sendCode({ email, otp, type }: { email: string; otp: string; type: string }) {
      const change = type === 'change-email';
      await enqueueMail(db, {
        to: email,
        template: change ? 'email-change-code' : 'verification-code',
        ...(change
          ? emailChangeCodeMail(config.site, otp)
          : verificationCodeMail(config.site, otp)),
      });
    },

    async before(ctx: HookContext) {
      const field = MAILING_PATHS[ctx.path];
      if (field) {
        if (ctx.request) startedAt.set(ctx.request, Date.now());
        const email: unknown = ctx.body?.[field];
        if (config.auth.rateLimit && typeof email === 'string') {
          const key = `per-email:${email.trim().toLowerCase()}`;
          const { allowed } = await perEmailCounter.consume(key, PER_EMAIL_RULE);
          if (!allowed) {
            throw new APIError('TOO_MANY_REQUESTS', {
              code: 'RATE_LIMITED',
              message: 'Too many requests for this address',
            });
          }
        }
      }
      // Changing the password signs out every other session, whatever the caller asked.
      if (ctx.path === '/change-password') {
        return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }
      if (ctx.path === '/email-otp/request-email-change') {
        const session = await getSessionFromCtx(ctx);
        const wanted: unknown = ctx.body?.newEmail;
        if (session && typeof wanted === 'string' && sameAddress(wanted, session.user.email)) {
          throw new APIError('BAD_REQUEST', {
            code: 'EMAIL_IS_THE_SAME',
            message: 'Email is the same',
          });
        }
      }
      if (ctx.path === '/email-otp/change-email' && ctx.request) {
        const session = await getSessionFromCtx(ctx);
        if (session) {
          emailBeforeChange.set(ctx.request, {
            userId: session.user.id,
            email: session.user.email,
            ipAddress: session.session.ipAddress,
          });
        }
      }
      return undefined;
    },

    async after(ctx: HookContext) {
      const returned = ctx.context.returned;
      const failed = returned instanceof Error || returned instanceof Response;
      if (ctx.path === '/request-password-reset' && ctx.request) {
        const started = startedAt.get(ctx.request);
        const wait = started === undefined ? 0 : RESET_ANSWER_FLOOR_MS - (Date.now() - started);
        if (wait > 0) await sleep(wait);
        return undefined;
      }
      if (ctx.path === '/email-otp/change-email' && !failed && ctx.request) {
        const before = emailBeforeChange.get(ctx.request);
        const newEmail: unknown = ctx.body?.newEmail;
        if (!before || typeof newEmail !== 'string') return undefined;
        const address = newEmail.trim().toLowerCase();
        // The profile follows, and both addresses are told with the audit entry (decision 049):
        // the old one so that a stolen session cannot move the account unnoticed.
        await db.transaction(async (tx) => {
          await setProfileEmail(tx, before.userId, address);
          const stamps = await readAccountStamps(tx, before.userId);
          await recordSecurityEvent(tx, config.site, {
            userId: before.userId,
            email: address,
            previousEmail: before.email,
            kind: 'email-changed',
            key: `${before.userId}:${address}:${stamps?.updatedAt.getTime() ?? 0}`,
            origin: originOf(ctx.headers, before.ipAddress),
          });
        });
        return undefined;
      }
      if (ctx.path === '/get-session' && !failed && returned && typeof returned === 'object') {
        const found = returned as { session?: { id?: string; lastSeenAt?: unknown } };
        const sessionId = found.session?.id;
        const seenAt = found.session?.lastSeenAt;
        const lastSeen = seenAt instanceof Date ? seenAt : undefined;
        if (!sessionId || (await keepSessionAlive(db, sessionId, lastSeen))) return undefined;
        deleteSessionCookie(ctx);
        return ctx.json(null);
      }
      return undefined;
    },
  };
}
