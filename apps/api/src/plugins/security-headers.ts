import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { FONTS_CACHED_SCRIPT } from '@vroum/core/site-fonts';
import type { Config } from '../config';

/** Header names (lower case) and values, the same for every answer. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The security headers of every answer (a strict content policy, no framing, HSTS on https),
 * as helmet writes them, computed once at start: none depends on the request, so no request
 * pays for building them again. `inlineScripts`: the pages' other inline scripts, allowed by
 * their hash like the fonts' line.
 */
export function securityHeaders(
  config: Config,
  inlineScripts: readonly string[] = [],
): SecurityHeaders {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(securityHeaderOptions(config, inlineScripts))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => {},
  );
  return headers;
}

/**
 * Every answer, errors included, carries the security headers and its request id; a route may
 * still replace one (a stored file's own content policy).
 */
export function addSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}

const hashSource = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

function securityHeaderOptions(config: Config, inlineScripts: readonly string[]): HelmetOptions {
  // Stripe.js and its Payment Element iframes (decision 013), only when Stripe takes the cards.
  const stripeJs = config.payments.provider === 'stripe';
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          // The page head's inline scripts: the line that knows whether the fonts are cached, and
          // the pages' start (/boot.js, inlined when the page is sent rendered).
          ...[FONTS_CACHED_SCRIPT, ...inlineScripts].map(hashSource),
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
export function frameworkErrorHandler(headers: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    void reply
      .status(tooLong ? 414 : 400)
      .headers(headers)
      .header('x-request-id', request.id)
      .send({
        error: tooLong
          ? { code: 'uri_too_long', message: 'L’adresse demandée est trop longue.' }
          : { code: 'invalid_request', message: 'La requête est invalide.' },
      });
  };
}
