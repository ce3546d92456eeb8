import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import {
  Availability,
  PeriodPrices,
  RentalPeriod,
  SearchQuery,
  SearchResults,
  TakenPeriods,
  TakenPeriodsQuery,
} from '@vroum/core/availability';
import { periodPrices } from '@vroum/core/pricing';
import { Vehicle, VehicleCategory, VehicleDetail } from '@vroum/core/vehicle';
import { notFound } from '../../lib/app-error';
import { photosOfVehicle } from '../vehicle-photos/vehicle-photos.service';
import { findBusyVehicleIds, findTakenPeriods, isVehicleFree } from './availability.repository';
import { decodeCursor, encodeCursor } from './catalogue-cursor';
import { findFreeVehiclesPage, findVehicleBySlug, findVehicles } from './vehicles.repository';

const SlugParams = z.object({ slug: z.string().min(1).max(120) });

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The catalogue's reads are the hottest (budget: p99 < 25 ms at 500 requests/s, decision 020).
 * Their answers are kept encoded: serialised (and, given a schema, checked and stripped by it)
 * once when read from the database, then every request of the moment sends the same bytes.
 * The lists are built by `toVehicle` from typed rows and written out as they are (checking each
 * vehicle against its schema was most of their CPU); their schemas still describe them in the
 * OpenAPI document, and the API tests check them.
 */
async function sendKept<T>(
  app: FastifyInstance,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<T>,
  schema?: z.ZodType<T>,
): Promise<FastifyReply> {
  const bytes = await app.catalogueCache.read(key, async () => {
    const answer = await compute();
    return Buffer.from(JSON.stringify(schema ? schema.parse(answer) : answer));
  });
  return reply.type(JSON_TYPE).send(bytes);
}

const FleetQuery = z
  .object({
    category: VehicleCategory.optional(),
    start: z.string().optional(),
    end: z.string().optional(),
  })
  .superRefine((query, ctx) => {
    if (query.start === undefined && query.end === undefined) return;
    const period = RentalPeriod.safeParse({ start: query.start, end: query.end });
    for (const issue of period.error?.issues ?? []) ctx.addIssue({ ...issue, code: 'custom' });
  });

export const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vehicles',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Véhicules proposés à la location',
        description:
          'Avec start et end, indique aussi les véhicules déjà réservés sur cette période.',
        querystring: FleetQuery,
        response: {
          200: z.object({
            vehicles: z.array(Vehicle),
            unavailableVehicleIds: z.array(z.uuid()).optional(),
            periodPrices: PeriodPrices.optional(),
          }),
          400: ApiError,
        },
      },
    },
    async (request, reply) => {
      const { category, start, end } = request.query;
      return sendKept(
        app,
        reply,
        `vehicles ${category ?? ''} ${start ?? ''} ${end ?? ''}`,
        async () => {
          const vehicles = await findVehicles(app.db, { category, availableOnly: true });
          if (!start || !end) return { vehicles };
          const busy = await findBusyVehicleIds(
            app.db,
            { start, end },
            vehicles.map((v) => v.id),
          );
          return {
            vehicles,
            unavailableVehicleIds: vehicles.filter((v) => busy.has(v.id)).map((v) => v.id),
            periodPrices: periodPrices(vehicles, { start, end }),
          };
        },
      );
    },
  );

  app.get(
    '/vehicles/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Un véhicule et ses photos, par son identifiant lisible (slug)',
        params: SlugParams,
        response: { 200: VehicleDetail, 404: ApiError },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      return sendKept(
        app,
        reply,
        `vehicle ${slug}`,
        async () => {
          const vehicle = await findVehicleBySlug(app.db, slug);
          if (!vehicle) throw notFound('Véhicule non trouvé', 'vehicle_not_found');
          return { ...vehicle, photos: await photosOfVehicle(app.db, vehicle.id) };
        },
        VehicleDetail,
      );
    },
  );

  app.get(
    '/vehicles/:slug/availability',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Le véhicule est-il libre sur toute la période ?',
        params: SlugParams,
        querystring: RentalPeriod,
        response: { 200: Availability, 400: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const { start, end } = request.query;
      return sendKept(app, reply, `availability ${slug} ${start} ${end}`, async () => {
        const vehicle = await findVehicleBySlug(app.db, slug);
        if (!vehicle) throw notFound('Véhicule non trouvé', 'vehicle_not_found');
        const free =
          vehicle.isAvailable && (await isVehicleFree(app.db, vehicle.id, { start, end }));
        return { available: free };
      });
    },
  );

  app.get(
    '/vehicles/:slug/taken-periods',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Les périodes où le véhicule est déjà pris (calendrier de réservation)',
        description:
          'Réservations qui retiennent le véhicule et immobilisations, fusionnées et coupées à la fenêtre [from, to) : ni client, ni réservation, ni statut, ni motif.',
        params: SlugParams,
        querystring: TakenPeriodsQuery,
        response: { 200: TakenPeriods, 400: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const from = new Date(request.query.from).toISOString();
      const to = new Date(request.query.to).toISOString();
      return sendKept(
        app,
        reply,
        `taken ${slug} ${from} ${to}`,
        async () => {
          const vehicle = await findVehicleBySlug(app.db, slug);
          if (!vehicle) throw notFound('Véhicule non trouvé', 'vehicle_not_found');
          // A car the team withdrew is taken for the whole window, from now on.
          const since = new Date(Math.max(Date.parse(from), Date.now())).toISOString();
          const taken = vehicle.isAvailable
            ? await findTakenPeriods(app.db, vehicle.id, { from, to })
            : [{ start: since, end: to }].filter((period) => period.start < period.end);
          return { from, to, taken };
        },
        TakenPeriods,
      );
    },
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Véhicules libres sur une période',
        description:
          'Par pages, dans l’ordre du catalogue (prix par jour, nom) : passez nextCursor en after pour la page suivante.',
        querystring: SearchQuery,
        response: { 200: SearchResults, 400: ApiError },
      },
    },
    async (request, reply) => {
      const { start, end, category, limit, after } = request.query;
      const cursor = after === undefined ? undefined : decodeCursor(after);
      const key = `search ${start} ${end} ${category ?? ''} ${limit} ${after ?? ''}`;
      return sendKept(app, reply, key, async () => {
        const page = await findFreeVehiclesPage(app.db, {
          period: { start, end },
          category,
          limit,
          after: cursor,
        });
        return {
          vehicles: page.vehicles,
          periodPrices: periodPrices(page.vehicles, { start, end }),
          period: { start, end },
          nextCursor: page.next && encodeCursor(page.next),
        };
      });
    },
  );
};
