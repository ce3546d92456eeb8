import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { IdentityDecision, IdentityReviewQueue } from '@vroum/core/rental-steps';
import { requireAdmin } from '../../plugins/session';
import { decideIdentity, identityReviewQueue, type IdentityDeps } from './identity.service';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** The team's review queue of identity checks. */
export const identityReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: IdentityDeps['log']): IdentityDeps => ({
    db: app.db,
    identity: app.identity,
    site: app.config.site,
    secret: app.config.auth.secret,
    log,
  });

  app.get(
    '/admin/identity-checks',
    {
      schema: {
        tags: ['administration'],
        summary: 'File des vérifications d’identité (ou l’historique d’un client)',
        querystring: z.object({ userId: z.uuid().optional() }),
        response: { 200: IdentityReviewQueue, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return identityReviewQueue(deps(request.log), request.query.userId);
    },
  );

  app.post(
    '/admin/identity-checks/:id/decision',
    {
      schema: {
        tags: ['administration'],
        summary: 'Valider ou refuser une vérification d’identité',
        params: z.object({ id: z.uuid() }),
        body: IdentityDecision,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      await decideIdentity(deps(request.log), admin.id, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
