import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { Vehicle, VehicleCategory } from '@vroum/core/vehicle';
import { notFound } from '../../lib/app-error';
import { findVehicleBySlug, findVehicles } from './vehicles.repository';

export const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vehicles',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Véhicules proposés à la location',
        querystring: z.object({ category: VehicleCategory.optional() }),
        response: { 200: z.object({ vehicles: z.array(Vehicle) }) },
      },
    },
    async (request) => ({
      vehicles: await findVehicles(app.db, {
        category: request.query.category,
        availableOnly: true,
      }),
    }),
  );

  app.get(
    '/vehicles/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Un véhicule, par son identifiant lisible (slug)',
        params: z.object({ slug: z.string().min(1).max(120) }),
        response: { 200: Vehicle, 404: ApiError },
      },
    },
    async (request) => {
      const vehicle = await findVehicleBySlug(app.db, request.params.slug);
      if (!vehicle) throw notFound('Véhicule non trouvé', 'vehicle_not_found');
      return vehicle;
    },
  );
};
