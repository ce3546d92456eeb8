import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/** The security headers of every answer: a strict content policy, no framing, HSTS on https. */
export function securityHeaderOptions(config: Config): FastifyHelmetOptions {
  // Stripe.js and its Payment Element iframes (decision 013), only when Stripe takes the cards.
  const stripeJs = config.payments.provider === 'stripe';
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...(stripeJs ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : []),
        ],
        // Radix and sonner set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Admins set vehicle images by URL, possibly on another https host.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripeJs ? ['https://api.stripe.com'] : [])],
        ...(stripeJs && {
          frameSrc: [
            'https://js.stripe.com',
            'https://*.js.stripe.com',
            'https://hooks.stripe.com',
          ],
        }),
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production' && config.site.publicUrl.startsWith('https:'),
  };
}

/**
 * Requests Fastify refuses before routing (a path parameter over its length limit, a malformed
 * URL) skip every hook: this answers them in the API's format and in French, with the same
 * security headers and request id as any other answer.
 */
export function frameworkErrorHandler(options: FastifyHelmetOptions) {
  // The same options object: helmet's CommonJS and ES module type declarations are distinct types.
  const applyHeaders = helmet(options as unknown as HelmetOptions);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    applyHeaders(request.raw, reply.raw, () => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .status(tooLong ? 414 : 400)
        .header('x-request-id', request.id)
        .send({
          error: tooLong
            ? { code: 'uri_too_long', message: 'L’adresse demandée est trop longue.' }
            : { code: 'invalid_request', message: 'La requête est invalide.' },
        });
    });
  };
}
