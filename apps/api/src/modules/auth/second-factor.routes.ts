import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@vroum/core/api';
import { SecondFactorStatus } from '@vroum/core/second-factor';
import { AppError } from '../../lib/app-error';
import { readSecondFactorState } from './second-factor.repository';
import { findSession } from '../../plugins/session';

/**
 * The signed-in account's second factor: whether it must have one, which it has, and whether this
 * session passed it. The pages send staff without one to the enrolment, and staff not past it to
 * the challenge; the staff routes refuse them either way.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/second-factor',
    {
      schema: {
        tags: ['compte'],
        summary: 'Mon second facteur (application d’authentification, clés d’accès)',
        response: { 200: SecondFactorStatus, 401: ApiError },
      },
    },
    async (request) => {
      const found = await findSession(request);
      if (!found) throw new AppError('unauthenticated', 'Vous devez être connecté.', 401);
      const state = await readSecondFactorState(app.db, found.user.id);
      return {
        required: state.staff,
        verified: found.secondFactor,
        totp: state.totp,
        passkeys: state.passkeys,
      };
    },
  );
};
