import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@vroum/core/api';
import {
  BalanceCardConfirmation,
  BalanceCardOutcome,
  BalanceCardStart,
  BalanceState,
} from '@vroum/core/return-disputes';
import type { FastifyRequest } from 'fastify';
import { hasOpenDispute } from '../../db/open-cases.repository';
import { BookingIdParams } from '../../plugins/booking-access';
import { findBalanceDue } from './balance-card-payment.repository';
import { bookingOpsDeps } from './booking-ops-deps';
import { settleBalanceCardPayment, startBalanceCardPayment } from './balance-card-payment.service';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError };
const tags = ['réservation'];

/**
 * The customer pays what their card refused at the return, by card with 3-D Secure, from the
 * booking page. Only the booking's own customer: anyone else gets the 404 of a booking that does
 * not exist.
 */
export const balanceCardPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => bookingOpsDeps(app, request);

  app.get(
    '/bookings/:id/balance',
    {
      config: { audience: 'booking' },
      schema: {
        tags,
        summary: 'Ce qui reste dû sur la location, et s’il est contesté',
        params: BookingIdParams,
        response: { 200: BalanceState, ...errors },
      },
    },
    async (request) => {
      return {
        balanceDueCents: (await findBalanceDue(app.db, request.params.id)) ?? 0,
        disputed: await hasOpenDispute(app.db, request.params.id),
      };
    },
  );

  app.post(
    '/bookings/:id/balance/card-payment',
    {
      config: { audience: 'booking-owner', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Payer le solde dû par carte : le paiement à confirmer (3-D Secure)',
        params: BookingIdParams,
        response: {
          200: BalanceCardStart,
          ...errors,
          409: ApiError,
          422: ApiError,
          429: ApiError,
          502: ApiError,
        },
      },
    },
    async (request) => {
      const started = await startBalanceCardPayment(deps(request), request.params.id);
      return {
        ...started,
        provider: app.payments.name,
        publishableKey: app.payments.publishableKey,
      };
    },
  );

  app.post(
    '/bookings/:id/balance/card-payment/confirmation',
    {
      config: { audience: 'booking-owner' },
      schema: {
        tags,
        summary: 'Après la carte et son authentification : le paiement enregistré une fois',
        params: BookingIdParams,
        body: BalanceCardConfirmation,
        response: { 200: BalanceCardOutcome, ...errors, 502: ApiError },
      },
    },
    async (request) => {
      return settleBalanceCardPayment(deps(request), request.params.id, request.body.intentId);
    },
  );
};
