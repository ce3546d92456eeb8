import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminBooking,
  AdminBookingPage,
  AdminBookingQuery,
  BalancePaymentRequest,
  BookingStatusChange,
  RefundRequest,
} from '@vroum/core/admin';
import { ApiError } from '@vroum/core/api';
import { BookingLedger, ReconciliationDifference } from '@vroum/core/ledger';
import { RefundablePayments } from '@vroum/core/refunds';
import { bookingLedger, openDifferences } from '../bookings/money-ledger.service';
import { adminOf } from '../../plugins/session';
import { bookingOpsDeps } from '../bookings/booking-ops-deps';
import { IdParams, errors, tags } from './admin.http';
import {
  listAdminBookings,
  listRefundablePayments,
  recordBalancePaid,
  refundBooking,
  setBookingStatus,
} from './admin-bookings.service';

/** Money actions carry a key per confirmed dialog: a retried request acts once. */
const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'En-tête Idempotency-Key manquant.' })
    .min(8, 'En-tête Idempotency-Key invalide.')
    .max(200),
});

/**
 * The console's bookings: the list, a change of status, and the money actions (refund, a
 * deduction from the deposit, a balance paid outside the card). Registered by the admin routes,
 * whose administrator check applies here.
 */
export const adminBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/bookings',
    {
      schema: {
        tags,
        summary: 'Réservations, de la plus récente à la plus ancienne (pagination par curseur)',
        querystring: AdminBookingQuery,
        response: { 200: AdminBookingPage, ...errors },
      },
    },
    async (request) => {
      return listAdminBookings(app.db, request.query);
    },
  );

  app.get(
    '/admin/bookings/:id/ledger',
    {
      schema: {
        tags,
        summary: 'Les mouvements d’argent de la réservation et ses soldes, tirés du registre',
        params: IdParams,
        response: { 200: BookingLedger, ...errors },
      },
    },
    async (request) => {
      return bookingLedger(app.db, request.params.id);
    },
  );

  app.get(
    '/admin/reconciliation',
    {
      schema: {
        tags,
        summary: 'Les écarts entre le registre et le prestataire de paiement, encore ouverts',
        response: { 200: z.object({ differences: z.array(ReconciliationDifference) }), ...errors },
      },
    },
    async () => ({ differences: await openDifferences(app.db) }),
  );

  app.patch(
    '/admin/bookings/:id/status',
    {
      schema: {
        tags,
        summary: 'Change le statut ; « cancelled » libère la période et la caution',
        params: IdParams,
        body: BookingStatusChange,
        response: { 200: AdminBooking, ...errors, 409: ApiError, 502: ApiError },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return setBookingStatus(
        bookingOpsDeps(app, request),
        admin.id,
        request.params.id,
        request.body.status,
      );
    },
  );

  app.post(
    '/admin/bookings/:id/refund',
    {
      schema: {
        tags,
        summary:
          'Rembourse un montant d’un paiement de la réservation, ou réparti sur ses paiements',
        params: IdParams,
        headers: IdempotencyHeaders,
        body: RefundRequest,
        response: { 200: AdminBooking, ...errors, 422: ApiError, 502: ApiError },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return refundBooking(
        bookingOpsDeps(app, request),
        admin.id,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
    },
  );

  app.get(
    '/admin/bookings/:id/payments',
    {
      schema: {
        tags,
        summary: 'Les paiements de la réservation et ce qui reste remboursable sur chacun',
        params: IdParams,
        response: { 200: RefundablePayments, ...errors },
      },
    },
    async (request) => listRefundablePayments(bookingOpsDeps(app, request), request.params.id),
  );

  app.post(
    '/admin/bookings/:id/balance-payment',
    {
      schema: {
        tags,
        summary: 'Enregistre un règlement du solde dû reçu hors carte (virement, chèque…)',
        params: IdParams,
        headers: IdempotencyHeaders,
        body: BalancePaymentRequest,
        response: { 200: AdminBooking, ...errors, 422: ApiError },
      },
    },
    async (request) =>
      recordBalancePaid(
        bookingOpsDeps(app, request),
        adminOf(request).id,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
  );
};
