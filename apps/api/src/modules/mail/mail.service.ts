import type { SiteInfo } from '@vroum/core/site';
import type { Queryable } from '../../db/client';
import type { SessionUser } from '../../plugins/session';
import { welcomeMail } from './mail-templates';
import * as outbox from './mail.repository';

export type { NewMail } from './mail.repository';

/**
 * Every mail goes through the outbox first, in the caller's transaction: nothing is lost when the
 * mail server is down; the worker delivers due mails and retries with backoff.
 */
export async function enqueueMail(db: Queryable, mail: outbox.NewMail): Promise<string> {
  return outbox.enqueueMail(db, mail);
}

/** Enqueues the mail unless one with the same key was ever enqueued; true when it was queued. */
export async function enqueueMailOnce(
  db: Queryable,
  dedupeKey: string,
  mail: outbox.NewMail,
): Promise<boolean> {
  return outbox.enqueueMailOnce(db, dedupeKey, mail);
}

/**
 * The welcome mail, requested by the browser once the address is verified: sent to the
 * account's own address, at most once per account whatever the number of requests.
 */
export async function requestWelcomeMail(
  db: Queryable,
  site: SiteInfo,
  user: Pick<SessionUser, 'id' | 'email'>,
  firstName = '',
): Promise<{ queued: boolean }> {
  const queued = await enqueueMailOnce(db, `welcome:${user.id}`, {
    to: user.email,
    template: 'welcome',
    ...welcomeMail(site, firstName),
  });
  return { queued };
}
