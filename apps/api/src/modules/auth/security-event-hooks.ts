import { type createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { SiteInfo } from '@vroum/core/site';
import type { Database } from '../../db/client';
import {
  readAccountStamps,
  readFactorSnapshot,
  rememberDevice,
  type FactorSnapshot,
} from './security-events.repository';
import { describeDevice } from './device-label';
import {
  originOf,
  recordSecurityEvent,
  type EventOrigin,
  type SecurityEventKind,
} from './security-events';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Calls that may add or remove a factor, or make the backup codes again. */
const FACTOR_PATHS = new Set([
  '/two-factor/enable',
  '/two-factor/verify-totp',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  '/passkey/verify-registration',
  '/passkey/delete-passkey',
]);

const succeeded = (ctx: HookContext) =>
  !(ctx.context.returned instanceof Error || ctx.context.returned instanceof Response);

/** The first address of X-Forwarded-For, as the sign-in layer reads it for its sessions. */
const forwardedIp = (headers: Headers | undefined) =>
  headers?.get('x-forwarded-for')?.split(',')[0]?.trim() || null;

/** What changed between two snapshots of the account's factors, each with its key. */
function factorEvents(
  userId: string,
  path: string,
  before: FactorSnapshot,
  after: FactorSnapshot,
): { kind: SecurityEventKind; key: string }[] {
  const events: { kind: SecurityEventKind; key: string }[] = [];
  if (!before.totp && after.totp) {
    events.push({ kind: 'totp-enabled', key: `${userId}:${after.backupCodesStamp}` });
  }
  if (before.totp && !after.totp) {
    events.push({ kind: 'totp-disabled', key: `${userId}:${before.backupCodesStamp}` });
  }
  for (const id of after.passkeyIds.filter((id) => !before.passkeyIds.includes(id))) {
    events.push({ kind: 'passkey-added', key: id });
  }
  for (const id of before.passkeyIds.filter((id) => !after.passkeyIds.includes(id))) {
    events.push({ kind: 'passkey-removed', key: id });
  }
  const regenerated =
    path === '/two-factor/generate-backup-codes' &&
    after.backupCodesStamp !== null &&
    after.backupCodesStamp !== before.backupCodesStamp;
  if (regenerated) {
    events.push({ kind: 'backup-codes-regenerated', key: `${userId}:${after.backupCodesStamp}` });
  }
  return events;
}

/**
 * The security events of the sign-in layer (decision 049): a sign-in from a new device, a password
 * changed or reset, and a factor added or removed, each recorded right after the library's own
 * write, keyed by what that write made so that a second report of it tells nothing again.
 */
export function securityEventHooks(site: SiteInfo, db: Database) {
  const factorsBefore = new WeakMap<
    Request,
    { userId: string; snapshot: FactorSnapshot; origin: EventOrigin }
  >();

  async function record(
    userId: string,
    kind: SecurityEventKind,
    key: string,
    origin: EventOrigin,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const account = await readAccountStamps(tx, userId);
      if (account)
        await recordSecurityEvent(tx, site, { userId, email: account.email, kind, key, origin });
    });
  }

  return {
    /** A session was made: mails when its device is new to an account that knew others. */
    async sessionCreated(session: {
      id: string;
      userId: string;
      userAgent?: string | null;
      ipAddress?: string | null;
      createdAt?: Date;
    }) {
      const origin = { userAgent: session.userAgent, ipAddress: session.ipAddress };
      await db.transaction(async (tx) => {
        const seen = await rememberDevice(tx, session.userId, describeDevice(session.userAgent));
        // The first device an account signs in from (right after sign-up) is not news.
        if (!seen.isNew || seen.firstEver) return;
        const account = await readAccountStamps(tx, session.userId);
        if (!account) return;
        await recordSecurityEvent(tx, site, {
          userId: session.userId,
          email: account.email,
          kind: 'new-device',
          key: session.id,
          origin,
          at: session.createdAt,
        });
      });
    },

    /** A recovery link set a new password (every session was signed out). */
    async passwordReset(user: { id: string }, request: Request | undefined) {
      const account = await readAccountStamps(db, user.id);
      if (!account?.passwordStamp) return;
      const origin = originOf(request?.headers, forwardedIp(request?.headers));
      await record(user.id, 'password-reset', `${user.id}:${account.passwordStamp}`, origin);
    },

    async before(ctx: HookContext) {
      if (!FACTOR_PATHS.has(ctx.path) || !ctx.request) return;
      const session = await getSessionFromCtx(ctx);
      if (!session) return;
      factorsBefore.set(ctx.request, {
        userId: session.user.id,
        snapshot: await readFactorSnapshot(db, session.user.id),
        origin: originOf(ctx.headers, session.session.ipAddress),
      });
    },

    async after(ctx: HookContext) {
      if (!succeeded(ctx)) return;
      if (ctx.path === '/change-password') {
        const session = ctx.context.session;
        if (!session) return;
        const account = await readAccountStamps(db, session.user.id);
        if (!account?.passwordStamp) return;
        const origin = originOf(ctx.headers, session.session.ipAddress);
        const key = `${session.user.id}:${account.passwordStamp}`;
        await record(session.user.id, 'password-changed', key, origin);
        return;
      }
      const before = ctx.request ? factorsBefore.get(ctx.request) : undefined;
      if (!before) return;
      const after = await readFactorSnapshot(db, before.userId);
      for (const event of factorEvents(before.userId, ctx.path, before.snapshot, after)) {
        await record(before.userId, event.kind, event.key, before.origin);
      }
    },
  };
}
