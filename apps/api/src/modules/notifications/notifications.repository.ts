import {
  NewNotification,
  NOTIFICATION_LIST_LIMIT,
  type Notification,
  type NotificationList,
} from '@vroum/core/notifications';
import type { Queryable } from '../../db/client';

interface NotificationRow {
  id: string;
  title: string;
  message: string;
  link: string | null;
  is_read: boolean;
  created_at: Date;
}

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  title: row.title,
  message: row.message,
  link: row.link,
  isRead: row.is_read,
  createdAt: row.created_at.toISOString(),
});

/**
 * Notifies a user in the app (the bell of the header). Other modules call it, inside their own
 * transaction when they have one: the browser hears of it through the live events once it is
 * committed.
 */
export async function createNotification(
  db: Queryable,
  notification: NewNotification,
): Promise<Notification> {
  const { userId, title, message, link } = NewNotification.parse(notification);
  const { rows } = await db.query<NotificationRow>(
    `insert into notifications (user_id, title, message, link) values ($1, $2, $3, $4)
     returning id, title, message, link, is_read, created_at`,
    [userId, title, message, link ?? null],
  );
  return toNotification(rows[0]!);
}

/** The user's latest notifications, newest first, and how many of all theirs are unread. */
export async function findNotificationsOfUser(
  db: Queryable,
  userId: string,
): Promise<NotificationList> {
  const [list, unread] = await Promise.all([
    db.query<NotificationRow>(
      `select id, title, message, link, is_read, created_at from notifications
        where user_id = $1 order by created_at desc, id desc limit $2`,
      [userId, NOTIFICATION_LIST_LIMIT],
    ),
    db.query<{ count: number }>(
      'select count(*)::int as count from notifications where user_id = $1 and not is_read',
      [userId],
    ),
  ]);
  return { notifications: list.rows.map(toNotification), unreadCount: unread.rows[0]?.count ?? 0 };
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markNotificationRead(
  db: Queryable,
  userId: string,
  id: string,
): Promise<boolean> {
  // Reads first so that a notification already read is found without a write (and no event).
  const { rows } = await db.query<{ found: boolean }>(
    `with target as (select id, is_read from notifications where id = $2 and user_id = $1),
          updated as (update notifications set is_read = true
                       where id in (select id from target where not is_read) returning id)
     select exists (select 1 from target) as found`,
    [userId, id],
  );
  return rows[0]?.found === true;
}

/** Marks every unread notification of the user read. */
export async function markAllNotificationsRead(db: Queryable, userId: string): Promise<void> {
  await db.query('update notifications set is_read = true where user_id = $1 and not is_read', [
    userId,
  ]);
}
