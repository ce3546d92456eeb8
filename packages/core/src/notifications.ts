import { z } from 'zod';

/** The bell's list shows at most 10 notifications, newest first. */
export const NOTIFICATION_LIST_LIMIT = 10;

/**
 * Where a click on a notification leads: a path of this site ('/profil', '/reservation/…'),
 * never another origin, so a notification cannot send the customer elsewhere.
 */
export const NotificationLink = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])\S*$/, 'Le lien d’une notification est un chemin du site.');
export type NotificationLink = z.infer<typeof NotificationLink>;

/** A notification, as the signed-in user reads it. */
export const Notification = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  link: NotificationLink.nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** GET /me/notifications: the latest ones and the number of unread ones (all of them). */
export const NotificationList = z.object({
  notifications: z.array(Notification).max(NOTIFICATION_LIST_LIMIT),
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof NotificationList>;

/** POST /me/notifications/:id/read. */
export const NotificationParams = z.object({ id: z.uuid('Identifiant de notification invalide.') });
export type NotificationParams = z.infer<typeof NotificationParams>;

/** What the server needs to notify a user (bookings, the welcome message…). */
export const NewNotification = z.object({
  userId: z.uuid(),
  title: z.string().trim().min(1).max(120),
  message: z.string().trim().min(1).max(1000),
  link: NotificationLink.nullable().optional(),
});
export type NewNotification = z.input<typeof NewNotification>;
