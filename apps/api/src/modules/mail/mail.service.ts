import type { SiteInfo } from '@vroum/core/site';
import type { Queryable } from '../../db/client';
import type { SessionUser } from '../auth/session';
import { welcomeMail } from './mail-templates';
import { enqueueMailOnce } from './mail.repository';

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
