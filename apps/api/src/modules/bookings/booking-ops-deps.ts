import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { contractsDeps } from '../contracts/contracts-deps';
import { identityDeps } from '../identity/identity-deps';
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
  ...identityDeps(app, log),
  ...contractsDeps(app, log),
});
