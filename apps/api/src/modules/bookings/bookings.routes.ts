import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { BookingStatus, PaymentStatus } from '@vroum/core/booking';
import {
  CreateBookingRequest,
  PaymentConfig,
  PaymentStart,
  QuoteRequest,
  QuoteResponse,
} from '@vroum/core/checkout';
import { AppError, notFound } from '../../lib/app-error';
import { userOf } from '../../plugins/audience';
import { findSessionUser } from '../../plugins/session';
import { findBookingByIntent } from './bookings.repository';
import { startBookingPayment } from './bookings.service';
import { settleBookingPayment } from './payment-settlement';
import { prepareContractLater } from '../contracts/contract-preparation';
import { priceRental } from './quote.service';

const PaymentOutcome = z.object({
  bookingId: z.uuid(),
  reference: z.string(),
  bookingStatus: BookingStatus,
  paymentStatus: PaymentStatus,
  lastError: z.string().nullable(),
});

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 422: ApiError };

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/quotes',
    {
      config: { rateLimit: { max: app.config.bookingRateLimit * 3, timeWindow: '1 minute' } },
      schema: {
        tags: ['réservation'],
        summary: 'Devis détaillé calculé par le serveur',
        body: QuoteRequest,
        response: { 200: QuoteResponse, ...errors },
      },
    },
    async (request) => {
      const user = await findSessionUser(request);
      return (await priceRental(app, request.body, user?.id ?? null)).response;
    },
  );

  app.get(
    '/payments/config',
    {
      schema: {
        tags: ['réservation'],
        summary: 'Processeur de paiement de la caisse (formulaire de carte à afficher)',
        response: { 200: PaymentConfig },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { provider: app.payments.name, publishableKey: app.payments.publishableKey };
    },
  );

  app.post(
    '/bookings',
    {
      config: {
        audience: 'signed-in',
        rateLimit: { max: app.config.bookingRateLimit, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['réservation'],
        summary: 'Crée la réservation (bloque le véhicule 15 min) et son paiement',
        headers: z.object({
          'idempotency-key': z
            .string({ error: 'En-tête Idempotency-Key manquant.' })
            .min(8, 'En-tête Idempotency-Key invalide.')
            .max(200),
        }),
        body: CreateBookingRequest,
        response: { 201: PaymentStart, ...errors, 502: ApiError },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const start = await startBookingPayment(
        app,
        user,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(201).send(start);
    },
  );

  /** The signed-in owner's booking behind a payment intent, settled from the provider's truth. */
  async function ownedOutcome(userId: string, intentId: string) {
    const booking = await findBookingByIntent(app.db, app.payments.name, intentId);
    if (!booking || booking.user_id !== userId) {
      throw notFound('Paiement introuvable.', 'payment_not_found');
    }
    return settleBookingPayment(app, booking);
  }

  app.post(
    '/payments/:intentId/capture',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['réservation'],
        summary: 'Encaisse la location autorisée et confirme la réservation',
        params: z.object({ intentId: z.string().min(3).max(255) }),
        response: { 200: PaymentOutcome, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      try {
        const outcome = await ownedOutcome(user.id, request.params.intentId);
        // The contract step opens: its PDF is made now, after the commit, not on the request
        // that asks for the signing code (contract-preparation.ts).
        if (outcome.bookingStatus === 'confirmed' && app.config.contractsAhead)
          void prepareContractLater(app, outcome.bookingId);
        return outcome;
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error }, 'capture failed');
        throw new AppError('capture_failed', 'Impossible de finaliser le paiement.', 502);
      }
    },
  );

  app.get(
    '/payments/:intentId',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['réservation'],
        summary: 'État du paiement et de la réservation (page de confirmation)',
        params: z.object({ intentId: z.string().min(3).max(255) }),
        response: { 200: PaymentOutcome, ...errors },
      },
    },
    async (request) => ownedOutcome(userOf(request).id, request.params.intentId),
  );
};
