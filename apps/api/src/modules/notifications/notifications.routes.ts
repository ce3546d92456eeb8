import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { NotificationList, NotificationParams } from '@vroum/core/notifications';
import { notFound } from '../../lib/app-error';
import { userOf } from '../../plugins/audience';
import {
  findNotificationsOfUser,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.repository';

/** The signed-in user's notifications: every query is filtered by their id. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ApiError, 401: ApiError };

  app.get(
    '/me/notifications',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Mes 10 dernières notifications, de la plus récente à la plus ancienne',
        querystring: z.object({}),
        response: { 200: NotificationList, ...errors },
      },
    },
    async (request) => findNotificationsOfUser(app.db, userOf(request).id),
  );

  app.post(
    '/me/notifications/:id/read',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Marquer une notification comme lue',
        params: NotificationParams,
        response: { 204: z.null(), ...errors, 404: ApiError },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      // Another user's notification is answered like a missing one: its existence stays hidden.
      if (!(await markNotificationRead(app.db, user.id, request.params.id))) {
        throw notFound('Notification introuvable.', 'notification_not_found');
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/notifications/read-all',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Tout marquer comme lu',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markAllNotificationsRead(app.db, userOf(request).id);
      return reply.status(204).send(null);
    },
  );
};
