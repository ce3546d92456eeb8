import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import {
  FleetBlock,
  FleetBlockChange,
  FleetBlockList,
  FleetBlockQuery,
  FleetBlockRequest,
} from '@vroum/core/fleet-blocks';
import { adminOf } from '../../plugins/session';
import {
  changeFleetBlock,
  createFleetBlock,
  fleetBlocks,
  liftFleetBlock,
} from './fleet-blocks.service';

const IdParams = z.object({ id: z.uuid('Identifiant invalide.') });
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const tags = ['administration'];

/**
 * The console's fleet blocks: a car taken out of service for a period, with a reason.
 * Administrators only: the staff gate of /admin checks every route here.
 */
export const fleetBlocksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/fleet-blocks',
    {
      schema: {
        tags,
        summary: 'Immobilisations en cours et à venir, ou celles d’une période (planning)',
        querystring: FleetBlockQuery,
        response: { 200: FleetBlockList, ...errors },
      },
    },
    async (request) => ({ blocks: await fleetBlocks(app, request.query) }),
  );

  app.post(
    '/admin/fleet-blocks',
    {
      schema: {
        tags,
        summary:
          'Immobiliser un véhicule sur une période (refusé en 409 sur des réservations, listées)',
        body: FleetBlockRequest,
        response: { 201: FleetBlock, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createFleetBlock(app, adminOf(request).id, request.body);
    },
  );

  app.put(
    '/admin/fleet-blocks/:id',
    {
      schema: {
        tags,
        summary: 'Modifier les dates, le type ou le motif d’une immobilisation',
        params: IdParams,
        body: FleetBlockChange,
        response: { 200: FleetBlock, ...errors },
      },
    },
    async (request) => changeFleetBlock(app, adminOf(request).id, request.params.id, request.body),
  );

  app.post(
    '/admin/fleet-blocks/:id/lift',
    {
      schema: {
        tags,
        summary: 'Lever une immobilisation : le véhicule redevient disponible',
        params: IdParams,
        response: { 200: FleetBlock, ...errors },
      },
    },
    async (request) => liftFleetBlock(app, adminOf(request).id, request.params.id),
  );
};
