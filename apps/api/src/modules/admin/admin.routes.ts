import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminBooking,
  AdminBookingPage,
  AdminBookingQuery,
  AdminReview,
  AdminReviewList,
  AdminUserPage,
  AdminUserQuery,
  AdminVehicleInput,
  AdminVehicleList,
  BalancePaymentRequest,
  BookingStatusChange,
  Promotion,
  PromotionInput,
  PromotionList,
  RefundRequest,
  DepositCaptureRequest,
  ReviewUpdate,
  VehicleDeletion,
} from '@vroum/core/admin';
import { ApiError } from '@vroum/core/api';
import { Vehicle } from '@vroum/core/vehicle';
import { adminOf, adminOnly } from '../auth/session';
import { bookingOpsDeps } from '../bookings/booking-ops-deps';
import {
  captureDepositForDamage,
  recordBalancePaid,
  setBookingStatus,
  listAdminBookings,
  refundBooking,
} from './admin-bookings.service';
import {
  createPromotion,
  deletePromotion,
  listPromotions,
  updatePromotion,
} from './admin-promotions.service';
import { listAdminReviews, updateReview } from './admin-reviews.service';
import { listAdminUsers } from './admin-users.repository';
import {
  createVehicle,
  deleteVehicle,
  listAdminVehicles,
  updateVehicle,
} from './admin-vehicles.service';

const IdParams = z.object({ id: z.uuid('Identifiant invalide.') });
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const tags = ['administration'];

/** Money actions carry a key per confirmed dialog: a retried request acts once. */
const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'En-tête Idempotency-Key manquant.' })
    .min(8, 'En-tête Idempotency-Key invalide.')
    .max(200),
});

/**
 * /api/v1/admin/*: every route checks the administrator role on the server
 * (401 signed out, 403 without the role); every change is written to audit_log in its own
 * transaction.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated in this plugin: applies to every route below, and to nothing else.
  app.addHook('preValidation', adminOnly);

  app.get(
    '/admin/access',
    {
      schema: {
        tags,
        summary: 'Le visiteur est-il administrateur ? (200, sinon 401 ou 403)',
        response: { 200: z.object({ admin: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      adminOf(request);
      return { admin: true as const };
    },
  );

  // Vehicles ----------------------------------------------------------------------------------
  app.get(
    '/admin/vehicles',
    {
      schema: {
        tags,
        summary: 'Tous les véhicules, du plus récent au plus ancien',
        response: { 200: AdminVehicleList, ...errors },
      },
    },
    async (request) => {
      adminOf(request);
      return { vehicles: await listAdminVehicles(app.db) };
    },
  );

  app.post(
    '/admin/vehicles',
    {
      schema: {
        tags,
        summary: 'Ajoute un véhicule',
        body: AdminVehicleInput,
        response: { 201: Vehicle, ...errors },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      return reply.status(201).send(await createVehicle(app.db, admin.id, request.body));
    },
  );

  app.put(
    '/admin/vehicles/:id',
    {
      schema: {
        tags,
        summary: 'Modifie un véhicule',
        params: IdParams,
        body: AdminVehicleInput,
        response: { 200: Vehicle, ...errors },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return updateVehicle(app.db, admin.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/admin/vehicles/:id',
    {
      schema: {
        tags,
        summary: 'Supprime un véhicule jamais réservé ; sinon le rend indisponible',
        params: IdParams,
        response: { 200: VehicleDeletion, ...errors },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const deps = { db: app.db, storage: app.storage, log: request.log };
      return deleteVehicle(deps, admin.id, request.params.id);
    },
  );

  // Bookings ----------------------------------------------------------------------------------
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
      adminOf(request);
      return listAdminBookings(app.db, request.query);
    },
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
        summary: 'Rembourse un montant du paiement de la location',
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
        request.body.amountCents,
        request.headers['idempotency-key'],
      );
    },
  );

  app.post(
    '/admin/bookings/:id/deposit-capture',
    {
      schema: {
        tags,
        summary: 'Retient un montant sur la caution (dommage constaté au retour)',
        params: IdParams,
        headers: IdempotencyHeaders,
        body: DepositCaptureRequest,
        response: { 200: AdminBooking, ...errors, 422: ApiError, 502: ApiError },
      },
    },
    async (request) =>
      captureDepositForDamage(
        bookingOpsDeps(app, request),
        adminOf(request).id,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
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

  // Users (read-only) -------------------------------------------------------------------------
  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Utilisateurs et leur profil, du plus récent au plus ancien',
        querystring: AdminUserQuery,
        response: { 200: AdminUserPage, ...errors },
      },
    },
    async (request) => {
      adminOf(request);
      return listAdminUsers(app.db, request.query);
    },
  );

  // Reviews -----------------------------------------------------------------------------------
  app.get(
    '/admin/reviews',
    {
      schema: {
        tags,
        summary: 'Avis, du plus récent au plus ancien',
        response: { 200: AdminReviewList, ...errors },
      },
    },
    async (request) => {
      adminOf(request);
      return { reviews: await listAdminReviews(app.db) };
    },
  );

  app.patch(
    '/admin/reviews/:id',
    {
      schema: {
        tags,
        summary: 'Publie, dépublie ou vérifie un avis',
        params: IdParams,
        body: ReviewUpdate,
        response: { 200: AdminReview, ...errors },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return updateReview(app.db, admin.id, request.params.id, request.body);
    },
  );

  // Promotions --------------------------------------------------------------------------------
  app.get(
    '/admin/promotions',
    {
      schema: {
        tags,
        summary: 'Promotions, de la plus récente à la plus ancienne',
        response: { 200: PromotionList, ...errors },
      },
    },
    async (request) => {
      adminOf(request);
      return { promotions: await listPromotions(app.db) };
    },
  );

  app.post(
    '/admin/promotions',
    {
      schema: {
        tags,
        summary: 'Crée une promotion (code unique, en majuscules)',
        body: PromotionInput,
        response: { 201: Promotion, ...errors, 409: ApiError },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      return reply.status(201).send(await createPromotion(app.db, admin.id, request.body));
    },
  );

  app.put(
    '/admin/promotions/:id',
    {
      schema: {
        tags,
        summary: 'Modifie une promotion',
        params: IdParams,
        body: PromotionInput,
        response: { 200: Promotion, ...errors, 409: ApiError },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return updatePromotion(app.db, admin.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/admin/promotions/:id',
    {
      schema: {
        tags,
        summary: 'Supprime une promotion',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      await deletePromotion(app.db, admin.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
