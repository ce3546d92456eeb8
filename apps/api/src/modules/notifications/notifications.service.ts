import type { Notification, NewNotification } from '@vroum/core/notifications';
import type { Queryable } from '../../db/client';
import * as notifications from './notifications.repository';

/**
 * Notifies a user in the app (the bell of the header). Other modules call it, inside their own
 * transaction when they have one: the browser hears of it through the live events once it is
 * committed.
 */
export async function createNotification(
  db: Queryable,
  notification: NewNotification,
): Promise<Notification> {
  return notifications.createNotification(db, notification);
}
