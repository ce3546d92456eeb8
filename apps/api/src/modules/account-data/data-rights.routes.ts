import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { AccountDeletionRequest } from '@vroum/core/data-rights';
import { AppError } from '../../lib/app-error';
import { checkCurrentPassword, expiredSessionCookie } from '../auth/current-password';
import { userOf } from '../../plugins/audience';
import { deleteAccount, type AccountDeletionDeps } from './account-deletion.service';
import { buildDataExport, type DataExportDeps } from './data-export.service';

const deps = (app: FastifyInstance): AccountDeletionDeps & DataExportDeps => ({
  db: app.db,
  storage: app.storage,
  identity: app.identity,
  site: app.config.site,
  log: app.log,
});

/**
 * The customer's rights over their data, for the signed-in user only: a copy of everything
 * held about them (a ZIP), and the deletion of the account (password and confirmation).
 */
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/data-export',
    {
      schema: {
        tags: ['compte'],
        summary: 'Télécharger mes données (ZIP de JSON et des PDF)',
        produces: ['application/zip'],
        response: { 200: z.unknown().describe('Le ZIP'), 401: ApiError },
      },
      config: { audience: 'signed-in', rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = userOf(request);
      const zip = await buildDataExport(deps(app), user.id);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="mes-donnees-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );

  app.post(
    '/me/account/delete',
    {
      schema: {
        tags: ['compte'],
        summary: 'Supprimer mon compte (mot de passe et confirmation)',
        body: AccountDeletionRequest,
        response: { 204: z.null(), 400: ApiError, 401: ApiError, 409: ApiError },
      },
      config: { audience: 'signed-in', rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = userOf(request);
      if (!(await checkCurrentPassword(request, request.body.password))) {
        throw new AppError(
          'invalid_password',
          'Mot de passe incorrect. Un compte ouvert avec Google n’a pas de mot de passe : choisissez-en un avec « Mot de passe oublié ? », puis revenez.',
          400,
          'password',
        );
      }
      await deleteAccount(deps(app), user.id);
      return reply
        .header('set-cookie', await expiredSessionCookie(request))
        .status(204)
        .send(null);
    },
  );
};
