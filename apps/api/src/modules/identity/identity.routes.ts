import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@vroum/core/api';
import { MyIdentity } from '@vroum/core/rental-steps';
import { userOf } from '../../plugins/audience';
import { myIdentityRefusal } from './identity-refusal';

/** The signed-in customer's own identity check, as their profile shows it. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/identity',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Ma vérification d’identité : ce que l’équipe a refusé, et pourquoi',
        response: { 200: MyIdentity, 401: ApiError },
      },
    },
    async (request) => ({
      refusal: await myIdentityRefusal(app, userOf(request).id),
    }),
  );
};
