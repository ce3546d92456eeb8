import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { AppError, notFound } from '../../lib/app-error';
import { asStripeProvider, handleStripeEvent } from './stripe-webhooks';

const invalidSignature = () =>
  new AppError('invalid_signature', 'Signature du webhook invalide : événement ignoré.', 400);

/**
 * POST /api/v1/webhooks/stripe. Its own plugin scope keeps every body as raw bytes: the
 * signature covers them exactly, so nothing may parse (and re-serialise) them first. Stripe sends
 * no Origin header, so the API's same-origin check lets it through.
 */
export const stripeWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe',
    {
      schema: {
        tags: ['paiement'],
        summary: 'Événements Stripe (signés avec Stripe-Signature)',
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          400: ApiError,
          404: ApiError,
        },
      },
    },
    async (request) => {
      const stripe = asStripeProvider(app.payments);
      if (!stripe) throw notFound('Ressource introuvable.');
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (typeof signature !== 'string' || !(body instanceof Buffer)) throw invalidSignature();
      let event;
      try {
        event = stripe.constructWebhookEvent(body, signature);
      } catch (error) {
        request.log.warn({ err: error }, 'Stripe webhook refused: bad signature');
        throw invalidSignature();
      }
      const outcome = await handleStripeEvent(app, event);
      return { received: true as const, duplicate: outcome === 'duplicate' };
    },
  );
};
