import type { FastifyInstance } from 'fastify';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A uuid names one record however its letters are written, and the database answers the same row
 * for either case; but a key built from the text of a path (a per-booking limit, an idempotency
 * or de-duplication key, a storage path) would count each spelling apart. Every uuid in a path is
 * therefore written in lower case, as the database writes it, before anything reads it: the
 * limits counted on the way in, then validation and the handlers.
 */
export function lowerCaseUuidParams(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const params = request.params as Record<string, unknown> | undefined;
    for (const name in params) {
      const value = params[name];
      if (typeof value === 'string' && UUID.test(value)) params[name] = value.toLowerCase();
    }
    done();
  });
}
