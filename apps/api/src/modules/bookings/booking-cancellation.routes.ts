import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@vroum/core/api';
import { BookingIdParams } from '../../plugins/booking-access';
import { CancellationQuote } from '@vroum/core/cancellation';
import type { FastifyRequest } from 'fastify';
import { userOf } from '../../plugins/audience';
import { cancelByCustomer, cancellationQuote } from './booking-cancellation.service';
import { bookingOpsDeps } from './booking-ops-deps';

/** The owner cancels their upcoming booking under the stated policy, after seeing its terms. */
export const bookingCancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => bookingOpsDeps(app, request);

  app.get(
    '/bookings/:id/cancellation',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['réservation'],
        summary: 'Conditions d’une annulation maintenant : frais et remboursement',
        params: BookingIdParams,
        response: { 200: CancellationQuote, 400: ApiError, 401: ApiError, 404: ApiError },
      },
    },
    async (request) => {
      const user = userOf(request);
      return cancellationQuote(deps(request), user.id, request.params.id);
    },
  );

  app.post(
    '/bookings/:id/cancel',
    {
      config: { audience: 'signed-in', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['réservation'],
        summary: 'Annuler sa réservation (remboursement selon les conditions, caution libérée)',
        params: BookingIdParams,
        response: {
          200: CancellationQuote,
          400: ApiError,
          401: ApiError,
          404: ApiError,
          409: ApiError,
          422: ApiError,
          429: ApiError,
          502: ApiError,
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      return cancelByCustomer(deps(request), user.id, request.params.id);
    },
  );
};
