import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '@vroum/core/notifications';
import { createNotification } from '../../src/modules/notifications/notifications.repository';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let alice: SignedInUser;
let bruno: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUpUser(ctx, 'alice@example.fr');
  bruno = await signUpUser(ctx, 'bruno@example.fr');
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'POST', url: string, user?: SignedInUser) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: ctx.config.site.publicUrl, ...(user ? { cookie: user.cookie } : {}) },
  });
}

async function notificationsOf(user: SignedInUser): Promise<NotificationList> {
  const response = await call('GET', '/api/v1/me/notifications', user);
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
}

describe('notifications of the signed-in user', () => {
  it('refuses an anonymous caller with 401 on every endpoint', async () => {
    const { notifications } = await notificationsOf(alice);
    for (const [method, url] of [
      ['GET', '/api/v1/me/notifications'],
      ['POST', `/api/v1/me/notifications/${notifications[0]!.id}/read`],
      ['POST', '/api/v1/me/notifications/read-all'],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('welcomes every new account with a notification leading to the profile', async () => {
    expect(await notificationsOf(alice)).toEqual({
      notifications: [
        {
          id: expect.any(String),
          title: 'Bienvenue !',
          message:
            'Complétez votre profil et déposez vos documents pour accélérer votre première location.',
          link: '/profil',
          isRead: false,
          createdAt: expect.any(String),
        },
      ],
      unreadCount: 1,
    });
  });

  it('lists at most 10, newest first, and counts every unread one', async () => {
    const carol = await signUpUser(ctx, 'carol@example.fr');
    for (let index = 1; index <= 12; index += 1) {
      const { id } = await createNotification(ctx.db, {
        userId: carol.id,
        title: `Message ${index}`,
        message: 'Votre réservation avance.',
      });
      // One a minute apart: the clock may give two quick inserts the same instant.
      await ctx.db.query(
        `update notifications set created_at = now() + interval '1 minute' * $2::int
          where id = $1`,
        [id, index],
      );
    }
    const { notifications, unreadCount } = await notificationsOf(carol);
    expect(notifications.map((n) => n.title)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((index) => `Message ${index}`),
    );
    expect(notifications[0]).toMatchObject({ link: null, isRead: false });
    expect(unreadCount).toBe(13);
  });

  it('marks one read, and marking it again changes nothing', async () => {
    const created = await createNotification(ctx.db, {
      userId: alice.id,
      title: 'Réservation confirmée',
      message: 'Votre Porsche Panamera sera livrée le 12 juin.',
      link: '/reservation/4f1c2b7e-2a4b-4d7e-9d55-1b2c3d4e5f60',
    });
    expect((await notificationsOf(alice)).unreadCount).toBe(2);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await call('POST', `/api/v1/me/notifications/${created.id}/read`, alice);
      expect(response.statusCode).toBe(204);
    }
    const list = await notificationsOf(alice);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications.find((n) => n.id === created.id)).toMatchObject({ isRead: true });
  });

  it('answers 404 when a user marks another user’s notification, which stays unread', async () => {
    const [brunoWelcome] = (await notificationsOf(bruno)).notifications;
    const response = await call('POST', `/api/v1/me/notifications/${brunoWelcome!.id}/read`, alice);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'notification_not_found', message: 'Notification introuvable.' },
    });
    expect((await notificationsOf(bruno)).notifications[0]).toMatchObject({ isRead: false });
    // Nor does a user ever read another's list.
    expect((await notificationsOf(alice)).notifications.map((n) => n.id)).not.toContain(
      brunoWelcome!.id,
    );
  });

  it('answers 400 for an id that is not one', async () => {
    const response = await call('POST', '/api/v1/me/notifications/bienvenue/read', alice);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { field: 'id' } });
  });

  it('marks all of the caller’s notifications read, and only theirs', async () => {
    const response = await call('POST', '/api/v1/me/notifications/read-all', alice);
    expect(response.statusCode).toBe(204);
    const list = await notificationsOf(alice);
    expect(list.unreadCount).toBe(0);
    expect(list.notifications.every((n) => n.isRead)).toBe(true);
    expect((await notificationsOf(bruno)).unreadCount).toBe(1);
  });

  it('refuses a link that leaves the site', async () => {
    for (const link of ['https://evil.example/', '//evil.example', 'javascript:alert(1)']) {
      await expect(
        createNotification(ctx.db, { userId: alice.id, title: 'T', message: 'M', link }),
      ).rejects.toThrow();
    }
  });
});
