import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@vroum/core/api';
import { BookingIdParams } from '../../plugins/booking-access';
import { BookingDetail, BookingLookupRequest } from '@vroum/core/booking';
import { notFound } from '../../lib/app-error';
import { findSessionUser, isAdmin } from '../../plugins/session';
import {
  findBookingByNumberAndEmail,
  findBookingDetail,
  toBookingDetail,
} from './booking-detail.repository';
import { grantLookup, hasLookupGrant } from './lookup-grant';

const bookingNotFound = () =>
  notFound('Aucune réservation ne correspond à ce numéro.', 'booking_not_found');

/**
 * /gerer-reservation and /reservation/{id} (decision 014): anyone holding a booking number can
 * open its detail; the home addresses and special requests are shown only to its owner, an
 * admin, or a visitor who has just passed the look-up with the booking's e-mail.
 */
export const bookingLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.site.publicUrl.startsWith('https:');

  app.post(
    '/bookings/lookup',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['réservation'],
        summary: 'Retrouver une réservation avec son numéro et son e-mail',
        body: BookingLookupRequest,
        response: { 200: BookingDetail, 400: ApiError, 404: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      const { bookingNumber, email } = request.body;
      const row = await findBookingByNumberAndEmail(app.db, bookingNumber, email);
      if (!row) throw bookingNotFound();
      grantLookup(reply, app.config.auth.secret, secure, row.id);
      return toBookingDetail(row, true);
    },
  );

  app.get(
    '/bookings/:id',
    {
      schema: {
        tags: ['réservation'],
        summary: 'Détail d’une réservation',
        params: BookingIdParams,
        response: { 200: BookingDetail, 400: ApiError, 404: ApiError },
      },
    },
    async (request) => {
      const row = await findBookingDetail(app.db, request.params.id);
      if (!row) throw bookingNotFound();
      const user = await findSessionUser(request);
      const visible =
        (user !== null && (user.id === row.user_id || (await isAdmin(request, user.id)))) ||
        hasLookupGrant(request, app.config.auth.secret, row.id);
      return toBookingDetail(row, visible);
    },
  );
};
