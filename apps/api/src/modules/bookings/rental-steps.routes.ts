import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@vroum/core/api';
import { RentalSteps } from '@vroum/core/rental-steps';
import { bookingAccessOf } from '../../plugins/audience';
import { BookingIdParams } from '../../plugins/booking-access';
import { rentalStepsDeps } from './booking-ops-deps';
import { rentalStepsOf } from './rental-steps.service';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 422: ApiError };

/**
 * The booking's after-payment checklist, the identity check and the contract together, for its
 * owner and the administrators. Each step is taken through its own module's routes
 * (identity/identity-steps.routes.ts, contracts/contracts.routes.ts).
 */
export const rentalStepsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings/:id/steps',
    {
      config: { audience: 'booking' },
      schema: {
        tags: ['réservation'],
        summary: 'Étapes après paiement : vérification d’identité et signature du contrat',
        params: BookingIdParams,
        response: { 200: RentalSteps, ...errors },
      },
    },
    async (request) =>
      rentalStepsOf(rentalStepsDeps(app, request.log), bookingAccessOf(request).booking),
  );
};
