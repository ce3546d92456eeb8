import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { AppError, notFound } from '../../lib/app-error';
import { InvalidIdentityWebhook } from '../../providers/identity/identity-provider';
import { handleIdentityWebhook } from './identity-hosted';
import { findDriverOfBooking } from './identity.repository';

/**
 * POST /api/v1/webhooks/stripe-identity: Stripe Identity's events, signed over the raw bytes
 * (this plugin's scope keeps the body unparsed). Answered 404 when the built-in check is in use.
 */
export const identityWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe-identity',
    {
      schema: {
        tags: ['réservation'],
        summary: 'Événements Stripe Identity (signés avec Stripe-Signature)',
        response: {
          200: z.object({ received: z.literal(true), outcome: z.string() }),
          400: ApiError,
          404: ApiError,
        },
      },
    },
    async (request) => {
      if (app.identity.kind !== 'hosted') throw notFound('Ressource introuvable.');
      const signature = request.headers['stripe-signature'];
      const body = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
      try {
        const outcome = await handleIdentityWebhook(
          {
            db: app.db,
            identity: app.identity,
            site: app.config.site,
            secret: app.config.auth.secret,
            log: request.log,
          },
          body,
          typeof signature === 'string' ? signature : undefined,
          (bookingId) => findDriverOfBooking(app.db, bookingId),
        );
        return { received: true as const, outcome };
      } catch (error) {
        if (!(error instanceof InvalidIdentityWebhook)) throw error;
        request.log.warn({ err: error }, 'identity webhook refused');
        throw new AppError(
          'invalid_signature',
          'Signature du webhook invalide : événement ignoré.',
          400,
        );
      }
    },
  );
};
