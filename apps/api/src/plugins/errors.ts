import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseBusy } from '../db/client';
import { AppError } from '../lib/app-error';
import { IdempotencyConflictError } from '../providers/payment/payment-provider';

/**
 * One place turns every failure into `{ error: { code, message, field? } }`: application errors
 * keep their French message and status, bad input is a 400 naming the field, a payment operation
 * another request is still carrying out is a 409, anything unexpected is logged with the request id
 * and answered with a generic 500.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | AppError | IdempotencyConflictError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send({
          error: { code: error.code, message: error.message, field: error.field },
        });
      }
      if (error instanceof IdempotencyConflictError) {
        // The payment provider is still carrying out the same operation for another request (a
        // webhook, a second tab, a retry that overtook the first): it happens once, through that
        // request, and asking again shortly gets its outcome.
        return reply.status(409).send({
          error: {
            code: 'operation_in_progress',
            message:
              'Cette opération est déjà en cours. Veuillez réessayer dans quelques instants.',
          },
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0];
        const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
        return reply.status(400).send({
          error: {
            code: 'invalid_request',
            // zod speaks French (see app.ts); a schema's own message is the customer's message.
            message: issue?.message ?? 'La requête est invalide.',
            field,
          },
        });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({
          error: {
            code: 'rate_limited',
            message: 'Trop de tentatives. Veuillez patienter quelques instants avant de réessayer.',
          },
        });
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (malformed JSON, body too large, unsupported media type…).
        return reply.status(status).send({
          error: { code: error.code ?? 'invalid_request', message: clientErrorMessage(status) },
        });
      }
      if (isDatabaseBusy(error)) {
        // Contention, not a fault: the request waited its bounded time for a lock or a connection.
        request.log.warn({ err: error }, 'database busy');
        return reply
          .status(503)
          .header('retry-after', '2')
          .send({
            error: {
              code: 'busy',
              message:
                'Le service est très sollicité en ce moment. Veuillez réessayer dans quelques secondes.',
            },
          });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({
        error: {
          code: 'internal_error',
          message: 'Une erreur inattendue est survenue. Veuillez réessayer dans quelques instants.',
        },
      });
    },
  );
}

function clientErrorMessage(status: number): string {
  switch (status) {
    case 413:
      return 'Le contenu envoyé est trop volumineux.';
    case 415:
      return 'Le format du contenu envoyé n’est pas pris en charge.';
    case 404:
      return 'Ressource introuvable.';
    case 405:
      return 'Méthode non autorisée.';
    default:
      return 'La requête est invalide.';
  }
}
