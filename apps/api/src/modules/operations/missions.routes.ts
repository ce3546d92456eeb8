import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import {
  HandoverReport,
  INSPECTION_PHOTO_MAX_BYTES,
  INSPECTION_PHOTO_TYPES,
  InspectionRecorded,
  Mission,
  MissionDetail,
  MissionList,
  MissionProgress,
  ReturnRecorded,
  ReturnReport,
} from '@vroum/core/operations';
import { AppError } from '../../lib/app-error';
import { storeInspectionPhoto } from './inspection-photos.service';
import { recordHandover } from './inspections.service';
import { MissionParams, errors, operationsDeps, staffOf, tags } from './operations.http';
import { missionDetail, planning, setOff } from './operations.service';
import { recordReturn } from './returns.service';

const PhotoParams = MissionParams.extend({ photoId: z.uuid({ error: 'Photo invalide' }) });

/**
 * The agent's missions on a phone: their list, one mission, setting off, the inspection's photos,
 * the handover and the return. An agent sees and acts on their own missions only.
 */
export const missionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Photos arrive as the image itself, one request each, so a phone can resend one at a time.
  app.addContentTypeParser(
    [...INSPECTION_PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: INSPECTION_PHOTO_MAX_BYTES + 1 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/agent/missions',
    {
      schema: {
        tags,
        summary: 'Mes missions, des 12 dernières heures aux 60 prochains jours',
        response: { 200: MissionList, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const now = Date.now();
      const period = { from: new Date(now - 12 * 3_600_000), to: new Date(now + 60 * 86_400_000) };
      // An administrator opening this page sees their own assignments too, not the whole planning.
      return {
        missions: await planning(operationsDeps(request), { ...staff, admin: false }, period),
      };
    },
  );

  app.get(
    '/agent/missions/:bookingId/:kind',
    {
      schema: {
        tags,
        summary: 'Une mission : client, adresse, conducteur validé, relevés de la livraison',
        params: MissionParams,
        response: { 200: MissionDetail, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return missionDetail(
        operationsDeps(request),
        staff,
        request.params.bookingId,
        request.params.kind,
      );
    },
  );

  app.post(
    '/agent/missions/:bookingId/:kind/progress',
    {
      schema: {
        tags,
        summary: 'L’agent part : le client le voit en direct',
        params: MissionParams,
        body: MissionProgress.omit({ kind: true }),
        response: { 200: Mission, ...errors, 409: ApiError },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return setOff(operationsDeps(request), staff, request.params.bookingId, request.params.kind);
    },
  );

  app.put(
    '/agent/missions/:bookingId/:kind/photos/:photoId',
    {
      schema: {
        tags,
        summary:
          'Envoyer une photo de l’état du véhicule (JPEG, PNG ou WebP, 8 MB au plus, 40 par état des lieux), tant que l’état des lieux n’est pas signé',
        consumes: [...INSPECTION_PHOTO_TYPES],
        params: PhotoParams,
        response: { 204: z.null(), ...errors, 409: ApiError, 413: ApiError, 415: ApiError },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('unsupported_photo', 'Photo non reconnue : JPEG, PNG ou WebP.', 415);
      }
      await storeInspectionPhoto(operationsDeps(request), staff, request.params, {
        contentType: String(request.headers['content-type']).split(';')[0]!.trim(),
        bytes: request.body,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/agent/missions/:bookingId/handover',
    {
      schema: {
        tags,
        summary: 'Remise du véhicule : état des lieux signé par le client, la location commence',
        params: z.object({ bookingId: MissionParams.shape.bookingId }),
        body: HandoverReport,
        response: { 200: InspectionRecorded, ...errors, 409: ApiError, 422: ApiError },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return recordHandover(operationsDeps(request), staff, request.params.bookingId, request.body);
    },
  );

  app.post(
    '/agent/missions/:bookingId/return',
    {
      schema: {
        tags,
        summary:
          'Restitution : état des lieux ; les dommages à facturer attendent un administrateur',
        params: z.object({ bookingId: MissionParams.shape.bookingId }),
        body: ReturnReport,
        response: { 200: ReturnRecorded, ...errors, 409: ApiError, 422: ApiError, 502: ApiError },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return recordReturn(
        { ...operationsDeps(request), payments: app.payments },
        staff,
        request.params.bookingId,
        request.body,
      );
    },
  );
};
