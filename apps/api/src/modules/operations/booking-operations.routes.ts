import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { INSPECTION_PHOTO_TYPES, MissionKind, ReturnModeChange } from '@vroum/core/operations';
import { actsAs, requireUser } from '../../plugins/session';
import { requireBookingAccess } from '../bookings/booking-access';
import { readInspectionPhoto, readInspectionReport } from './inspections.service';
import { IdParams, errors, operationsDeps, tags } from './operations.http';
import { chooseReturnMode, ownMission } from './operations.service';

const ReportParams = z.object({
  id: z.uuid({ error: 'Numéro de réservation invalide' }),
  kind: z.enum(['handover', 'return']),
});
const BookingPhotoParams = z.object({
  id: z.uuid({ error: 'Numéro de réservation invalide' }),
  photoId: z.uuid({ error: 'Photo invalide' }),
});

/**
 * A booking's side of operations: its customer's choice of return, and the signed inspection
 * reports and photos, which its customer, an administrator or an agent of its missions read.
 */
export const bookingOperationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/bookings/:id/return-mode',
    {
      schema: {
        tags,
        summary: 'Choisir la restitution à l’adresse convenue ou à l’agence',
        params: IdParams,
        body: ReturnModeChange,
        response: { 204: z.null(), ...errors, 409: ApiError },
      },
    },
    async (request, reply) => {
      const { user } = await requireBookingAccess(request, request.params.id);
      await chooseReturnMode(
        operationsDeps(request),
        user.id,
        request.params.id,
        request.body.mode,
      );
      return reply.status(204).send(null);
    },
  );

  /** The booking's customer, an administrator, or an agent of one of its missions. */
  async function requireFilesAccess(request: FastifyRequest, bookingId: string): Promise<void> {
    const user = await requireUser(request);
    if (await actsAs(request, user.id, 'driver')) {
      for (const kind of MissionKind.options) {
        const agent = { id: user.id, admin: false };
        const assigned = await ownMission(operationsDeps(request), agent, bookingId, kind).then(
          () => true,
          () => false,
        );
        if (assigned) return;
      }
    }
    await requireBookingAccess(request, bookingId);
  }

  app.get(
    '/bookings/:id/inspections/:kind/report',
    {
      schema: {
        tags,
        summary: 'Le procès-verbal signé (livraison ou restitution), en PDF',
        produces: ['application/pdf'],
        params: ReportParams,
        response: { 200: z.unknown().describe('Le PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const { id, kind } = request.params;
      await requireFilesAccess(request, id);
      const pdf = await readInspectionReport(operationsDeps(request), id, kind);
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `inline; filename="proces-verbal-${kind === 'handover' ? 'livraison' : 'restitution'}.pdf"`,
        )
        .send(pdf);
    },
  );

  app.get(
    '/bookings/:id/inspections/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'Une photo de l’état du véhicule',
        produces: [...INSPECTION_PHOTO_TYPES],
        params: BookingPhotoParams,
        response: { 200: z.unknown().describe('L’image'), ...errors, 410: ApiError },
      },
    },
    async (request, reply) => {
      const { id, photoId } = request.params;
      await requireFilesAccess(request, id);
      const photo = await readInspectionPhoto(operationsDeps(request), id, photoId);
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'private, max-age=3600')
        .send(photo.bytes);
    },
  );
};
