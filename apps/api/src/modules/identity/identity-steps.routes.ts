import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@vroum/core/api';
import { IdentityStart, IdentitySubmission, IdentityStep } from '@vroum/core/rental-steps';
import { bookingAccessOf } from '../../plugins/audience';
import { BookingIdParams } from '../../plugins/booking-access';
import { identityDeps } from './identity-deps';
import { startHostedIdentity } from './identity-hosted';
import { submitIdentity } from './identity.service';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 422: ApiError };

/**
 * The identity check of a booking, taken by its owner once the rental is paid and until the
 * handover (`steps-owner`): the documents already uploaded, or the provider's hosted page.
 */
export const identityStepsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings/:id/identity',
    {
      config: { audience: 'steps-owner', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['réservation'],
        summary: 'Envoyer sa vérification d’identité (documents déjà déposés)',
        params: BookingIdParams,
        body: IdentitySubmission.omit({ bookingId: true }),
        response: { 200: IdentityStep, ...errors },
      },
    },
    async (request) => {
      const { user, booking } = bookingAccessOf(request);
      return submitIdentity(identityDeps(app, request.log), user, booking, {
        ...request.body,
        bookingId: booking.id,
      });
    },
  );

  app.post(
    '/bookings/:id/identity/session',
    {
      config: { audience: 'steps-owner', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['réservation'],
        summary: 'Ouvrir la vérification d’identité chez le prestataire (page hébergée)',
        params: BookingIdParams,
        response: { 200: IdentityStart, ...errors },
      },
    },
    async (request) => {
      const { user, booking } = bookingAccessOf(request);
      return startHostedIdentity(
        identityDeps(app, request.log),
        user.id,
        booking,
        `${app.config.site.publicUrl}/reservation/${booking.id}`,
      );
    },
  );
};
