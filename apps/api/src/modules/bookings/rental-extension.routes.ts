import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '@vroum/core/api';
import {
  ExtensionCardStart,
  ExtensionConfirmation,
  ExtensionOutcome,
  ExtensionQuote,
  ExtensionRequest,
} from '@vroum/core/rental-extension';
import { BookingIdParams } from '../../plugins/booking-access';
import { bookingOpsDeps } from './booking-ops-deps';
import {
  quoteExtension,
  settleExtensionPayment,
  startExtensionPayment,
} from './rental-extension.service';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError };
const tags = ['réservation'];

/**
 * The customer keeps the car longer, from the booking page: the price of a new return date, then
 * its card payment (3-D Secure) and its confirmation. Only the booking's own customer: anyone
 * else gets the 404 of a booking that does not exist.
 */
export const rentalExtensionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => bookingOpsDeps(app, request);

  app.get(
    '/bookings/:id/extension',
    {
      config: { audience: 'booking-owner' },
      schema: {
        tags,
        summary: 'Prolonger la location : le prix d’une nouvelle date de restitution',
        params: BookingIdParams,
        querystring: ExtensionRequest,
        response: { 200: ExtensionQuote, ...errors, 409: ApiError, 422: ApiError },
      },
    },
    async (request) => {
      return quoteExtension(deps(request), request.params.id, new Date(request.query.returnDate));
    },
  );

  app.post(
    '/bookings/:id/extension/card-payment',
    {
      config: { audience: 'booking-owner', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Payer la prolongation par carte : le paiement à confirmer (3-D Secure)',
        params: BookingIdParams,
        body: ExtensionRequest,
        response: {
          200: ExtensionCardStart,
          ...errors,
          409: ApiError,
          422: ApiError,
          429: ApiError,
          502: ApiError,
        },
      },
    },
    async (request) => {
      const { intent, ...started } = await startExtensionPayment(
        deps(request),
        request.params.id,
        new Date(request.body.returnDate),
      );
      return {
        ...started,
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        amountCents: intent.amountCents,
        provider: app.payments.name,
        publishableKey: app.payments.publishableKey,
      };
    },
  );

  app.post(
    '/bookings/:id/extension/card-payment/confirmation',
    {
      config: { audience: 'booking-owner' },
      schema: {
        tags,
        summary: 'Après la carte et son authentification : la prolongation enregistrée une fois',
        params: BookingIdParams,
        body: ExtensionConfirmation,
        response: { 200: ExtensionOutcome, ...errors, 502: ApiError },
      },
    },
    async (request) => {
      return settleExtensionPayment(deps(request), request.params.id, request.body.intentId);
    },
  );
};
