import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/app-error';

const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1),
  );
};

/**
 * A NUL character is never meaningful in a text the site receives, and PostgreSQL refuses it in
 * text columns (a 500 otherwise): every path parameter, query and JSON body is checked for it
 * before validation, with a French 400.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  // A callback rather than an async hook: no promise on every request of the site.
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      done(
        badRequest(
          'La requête contient un caractère non autorisé.',
          undefined,
          'invalid_character',
        ),
      );
      return;
    }
    done();
  });
}
