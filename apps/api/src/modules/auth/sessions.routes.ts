import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountSessions } from '@vroum/core/account-sessions';
import { ApiError } from '@vroum/core/api';
import { AppError } from '../../lib/app-error';
import { describeDevice } from './device-label';
import { findSession } from '../../plugins/session';
import { deleteOtherSessions, deleteUserSession, listUserSessions } from './sessions.repository';

async function requireSession(request: Parameters<typeof findSession>[0]) {
  const found = await findSession(request);
  if (!found) throw new AppError('unauthenticated', 'Vous devez être connecté.', 401);
  return found;
}

/**
 * The signed-in user's own sessions: listed (device, address, last use) and ended one by one or
 * all but this one. Tokens never leave the server; a session is named by its id, and only the
 * user's own can be named.
 */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 401: ApiError };

  app.get(
    '/me/sessions',
    {
      schema: {
        tags: ['compte'],
        summary: 'Mes sessions ouvertes',
        response: { 200: AccountSessions, ...errors },
      },
    },
    async (request) => {
      const { user, sessionId } = await requireSession(request);
      const rows = await listUserSessions(app.db, user.id);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          device: describeDevice(row.userAgent),
          ipAddress: row.ipAddress || null,
          lastSeenAt: row.lastSeenAt.toISOString(),
          createdAt: row.createdAt.toISOString(),
          current: row.id === sessionId,
        })),
      };
    },
  );

  app.delete(
    '/me/sessions/:id',
    {
      schema: {
        tags: ['compte'],
        summary: 'Déconnecter une de mes sessions',
        params: z.object({ id: z.uuid({ error: 'Session introuvable.' }) }),
        response: { 204: z.null(), 400: ApiError, 404: ApiError, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      if (!(await deleteUserSession(app.db, user.id, request.params.id))) {
        throw new AppError('not_found', 'Session introuvable.', 404);
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/sessions/sign-out-others',
    {
      schema: {
        tags: ['compte'],
        summary: 'Déconnecter toutes mes autres sessions',
        response: { 200: z.object({ signedOut: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const { user, sessionId } = await requireSession(request);
      return { signedOut: await deleteOtherSessions(app.db, user.id, sessionId) };
    },
  );
};
