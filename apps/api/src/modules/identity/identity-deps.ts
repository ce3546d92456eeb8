import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IdentityDeps } from './identity.service';

/** What the identity check needs, taken from the app by a route (with its request's log). */
export const identityDeps = (app: FastifyInstance, log: FastifyBaseLogger): IdentityDeps => ({
  db: app.db,
  identity: app.identity,
  site: app.config.site,
  secret: app.config.auth.secret,
  log,
});
