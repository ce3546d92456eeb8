import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReview,
  AdminReviewList,
  AdminUserPage,
  AdminUserQuery,
  AdminVehicleInput,
  AdminVehicleList,
  Promotion,
  PromotionInput,
  PromotionList,
  ReviewUpdate,
  VehicleDeletion,
} from '@vroum/core/admin';
import { ApiError } from '@vroum/core/api';
import { Vehicle } from '@vroum/core/vehicle';
import { adminOf } from '../../plugins/session';
import { adminBookingsRoutes } from './admin-bookings.routes';
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
} from '../vehicles/vehicle-admin.service';
import { IdParams, errors, tags } from './admin.http';

/**
 * /api/v1/admin/*: the staff gate of `/admin` checks the administrator role and the second
 * factor on the server before each route (401 signed out, 403 without them); every change is
 * written to audit_log in its own transaction.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminBookingsRoutes);

  app.get(
    '/admin/access',
    {
      schema: {
        tags,
        summary: 'Le visiteur est-il administrateur ? (200, sinon 401 ou 403)',
        response: { 200: z.object({ admin: z.literal(true) }), ...errors },
      },
    },
    async () => ({ admin: true as const }),
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
    async () => ({ vehicles: await listAdminVehicles(app.db) }),
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
    async () => ({ reviews: await listAdminReviews(app.db) }),
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
    async () => ({ promotions: await listPromotions(app.db) }),
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
