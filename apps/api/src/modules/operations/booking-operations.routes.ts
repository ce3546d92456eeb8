import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { INSPECTION_PHOTO_TYPES, ReturnModeChange } from '@vroum/core/operations';
import { userOf } from '../../plugins/audience';
import { BookingIdParams } from '../../plugins/booking-access';
import { readInspectionPhoto, readInspectionReport } from './inspections.service';
import { IdParams, errors, operationsDeps, tags } from './operations.http';
import { chooseReturnMode } from './operations.service';

const ReportParams = BookingIdParams.extend({ kind: z.enum(['handover', 'return']) });
const BookingPhotoParams = BookingIdParams.extend({ photoId: z.uuid({ error: 'Photo invalide' }) });

/**
 * A booking's side of operations: its customer's choice of return, and the signed inspection
 * reports and photos, which its customer, an administrator or an agent of its missions read.
 */
export const bookingOperationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/bookings/:id/return-mode',
    {
      config: { audience: 'booking' },
      schema: {
        tags,
        summary: 'Choisir la restitution à l’adresse convenue ou à l’agence',
        params: IdParams,
        body: ReturnModeChange,
        response: { 204: z.null(), ...errors, 409: ApiError },
      },
    },
    async (request, reply) => {
      const userId = userOf(request).id;
      await chooseReturnMode(operationsDeps(request), userId, request.params.id, request.body.mode);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/bookings/:id/inspections/:kind/report',
    {
      config: { audience: 'booking-or-agent' },
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
      config: { audience: 'booking-or-agent' },
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
      const photo = await readInspectionPhoto(operationsDeps(request), id, photoId);
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'private, max-age=3600')
        .send(photo.bytes);
    },
  );
};
