import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { BookingOpsDeps } from './booking-money.service';
import type { RentalStepsDeps } from './rental-steps.service';

/** What the bookings module's operations need, taken from the app by a route (logs carry its id). */
export const bookingOpsDeps = (app: FastifyInstance, request: FastifyRequest): BookingOpsDeps => ({
  db: app.db,
  payments: app.payments,
  site: app.config.site,
  log: request.log,
});

/**
 * What the rental steps (the identity check, the contract) need, taken from the app by a route
 * (with its request's log) or the jobs' scheduler (with the app's).
 */
export const rentalStepsDeps = (app: FastifyInstance, log: FastifyBaseLogger): RentalStepsDeps => ({
  db: app.db,
  identity: app.identity,
  signature: app.signature,
  storage: app.storage,
  site: app.config.site,
  secret: app.config.auth.secret,
  log,
});
