import type { SiteInfo } from '@vroum/core/site';
import type { Queryable } from '../../db/client';
import { noticeMail } from '../mail/mail-templates';
import { enqueueMailOnce } from '../mail/mail.service';
import { createNotification } from './notifications.repository';

export interface CustomerNotice {
  /** The customer's account; a booking made without one gets the mail only. */
  userId: string | null;
  email: string;
  /** Sent once per key: a retried job or request never notifies twice. */
  dedupeKey: string;
  title: string;
  /** One sentence for the in-app notification. */
  message: string;
  /** Paragraphs of the mail (the message alone when omitted). */
  paragraphs?: string[];
  link: string;
  linkLabel: string;
}

/**
 * Tells a customer of a step of their rental, in the app and by mail. The mail's dedupe key
 * decides: a notice already sent is not sent again, in either channel.
 */
export async function notifyCustomer(
  db: Queryable,
  site: SiteInfo,
  notice: CustomerNotice,
): Promise<void> {
  const mail = noticeMail(site, {
    subject: notice.title,
    heading: notice.title,
    paragraphs: notice.paragraphs ?? [notice.message],
    link: notice.link,
    linkLabel: notice.linkLabel,
  });
  const queued = await enqueueMailOnce(db, notice.dedupeKey, {
    to: notice.email,
    template: notice.dedupeKey.split(':')[0] ?? 'notice',
    ...mail,
  });
  if (!queued || !notice.userId) return;
  await createNotification(db, {
    userId: notice.userId,
    title: notice.title,
    message: notice.message,
    link: notice.link,
  });
}
