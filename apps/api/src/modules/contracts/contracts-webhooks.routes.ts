import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { AppError, notFound } from '../../lib/app-error';
import { InvalidSignatureWebhook } from '../../providers/signature/signature-provider';
import { handleSignatureWebhook } from './contracts-hosted';
import { findBookingOwner } from './contracts.repository';

/**
 * POST /api/v1/webhooks/yousign: Yousign's events, whose HMAC covers the raw bytes (this
 * plugin's scope keeps the body unparsed). Answered 404 when the built-in signature is in use.
 */
export const contractsWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/yousign',
    {
      schema: {
        tags: ['réservation'],
        summary: 'Événements Yousign (signés avec X-Yousign-Signature-256)',
        response: {
          200: z.object({ received: z.literal(true), outcome: z.string() }),
          400: ApiError,
          404: ApiError,
        },
      },
    },
    async (request) => {
      if (app.signature.kind !== 'hosted') throw notFound('Ressource introuvable.');
      const header = request.headers['x-yousign-signature-256'];
      const body = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
      try {
        const outcome = await handleSignatureWebhook(
          {
            db: app.db,
            storage: app.storage,
            signature: app.signature,
            site: app.config.site,
            secret: app.config.auth.secret,
            log: request.log,
          },
          body,
          typeof header === 'string' ? header : undefined,
          (bookingId) => findBookingOwner(app.db, bookingId),
        );
        return { received: true as const, outcome };
      } catch (error) {
        if (!(error instanceof InvalidSignatureWebhook)) throw error;
        request.log.warn({ err: error }, 'signature webhook refused');
        throw new AppError(
          'invalid_signature',
          'Signature du webhook invalide : événement ignoré.',
          400,
        );
      }
    },
  );
};
