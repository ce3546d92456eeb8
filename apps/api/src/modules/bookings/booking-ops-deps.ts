import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BookingOpsDeps } from './booking-money.service';

/** What the bookings module's operations need, taken from the app by a route (logs carry its id). */
export const bookingOpsDeps = (app: FastifyInstance, request: FastifyRequest): BookingOpsDeps => ({
  db: app.db,
  payments: app.payments,
  site: app.config.site,
  log: request.log,
});
