import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { IdentityDecision, IdentityReviewQueue } from '@vroum/core/rental-steps';
import { adminOf } from '../../plugins/session';
import { identityDeps } from './identity-deps';
import { decideIdentity, identityReviewQueue } from './identity.service';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** The team's review queue of identity checks. */
export const identityReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: FastifyBaseLogger) => identityDeps(app, log);

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
      const admin = adminOf(request);
      await decideIdentity(deps(request.log), admin.id, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
