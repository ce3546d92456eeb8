import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ContractsDeps } from './contracts.service';

/** What the contract needs, taken from the app by a route (with its request's log). */
export const contractsDeps = (app: FastifyInstance, log: FastifyBaseLogger): ContractsDeps => ({
  db: app.db,
  storage: app.storage,
  signature: app.signature,
  site: app.config.site,
  secret: app.config.auth.secret,
  log,
});
