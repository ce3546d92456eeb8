import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { AppError, notFound } from '../../lib/app-error';
import { InvalidWebhook } from '../../providers/webhook-event';
import { receiveProviderEvent, type WebhookSource } from './webhook-inbox';

export interface WebhookRoute {
  /** Under /api/v1, e.g. /webhooks/yousign. */
  path: string;
  tag: string;
  summary: string;
  /** The port's webhooks with the configured provider (read at each delivery). */
  source: (app: FastifyInstance) => WebhookSource;
}

const Received = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  outcome: z.enum(['handled', 'ignored', 'duplicate']),
});

/**
 * The one way a provider's webhook endpoint is declared: the body is kept as raw bytes (the
 * signature covers them exactly, so nothing may parse and re-serialise them first; this plugin's
 * scope alone), verified through the port (400 when it fails, nothing recorded), then given to
 * the inbox. 404 when the configured adapter sends no webhooks (the built-in ones). Providers
 * send no Origin header, so the API's same-origin check lets them through.
 */
export function webhookRoutes(route: WebhookRoute): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.post(
      route.path,
      {
        schema: {
          tags: [route.tag],
          summary: route.summary,
          response: { 200: Received, 400: ApiError, 404: ApiError, 409: ApiError, 503: ApiError },
        },
      },
      async (request) => {
        const source = route.source(app);
        if (!source.verifier) throw notFound('Ressource introuvable.');
        const body = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = source.verifier.verifyWebhook(body, request.headers);
        } catch (error) {
          if (!(error instanceof InvalidWebhook)) throw error;
          request.log.warn({ err: error, port: source.port }, 'webhook refused: bad signature');
          throw new AppError(
            'invalid_signature',
            'Signature du webhook invalide : événement ignoré.',
            400,
          );
        }
        const outcome = await receiveProviderEvent({ db: app.db, log: request.log }, source, event);
        return { received: true as const, duplicate: outcome === 'duplicate', outcome };
      },
    );
  };
}
