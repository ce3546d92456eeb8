import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { FavoriteList, FavoriteParams } from '@vroum/core/favorites';
import { notFound } from '../../lib/app-error';
import { userOf } from '../../plugins/audience';
import { addFavorite, findFavoriteVehicleIds, removeFavorite } from './favorites.repository';

/** The signed-in user's favourite vehicles: every query is filtered by their id. */
export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ApiError, 401: ApiError };

  app.get(
    '/me/favorites',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Mes véhicules favoris',
        querystring: z.object({}),
        response: { 200: FavoriteList, ...errors },
      },
    },
    async (request) => ({
      vehicleIds: await findFavoriteVehicleIds(app.db, userOf(request).id),
    }),
  );

  app.put(
    '/me/favorites/:vehicleId',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Ajouter un véhicule à mes favoris (sans effet s’il y est déjà)',
        params: FavoriteParams,
        response: { 204: z.null(), ...errors, 404: ApiError },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      if (!(await addFavorite(app.db, user.id, request.params.vehicleId))) {
        throw notFound('Véhicule non trouvé', 'vehicle_not_found');
      }
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/me/favorites/:vehicleId',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Retirer un véhicule de mes favoris (sans effet s’il n’y est pas)',
        params: FavoriteParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeFavorite(app.db, userOf(request).id, request.params.vehicleId);
      return reply.status(204).send(null);
    },
  );
};
