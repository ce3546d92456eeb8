import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { INSPECTION_PHOTO_MAX_BYTES, INSPECTION_PHOTO_TYPES } from '@vroum/core/operations';
import {
  AdminDispute,
  AdminDisputeList,
  DisputeDecisionRequest,
  DisputePhotoId,
  DisputeRequest,
  DisputeState,
} from '@vroum/core/return-disputes';
import { AppError } from '../../lib/app-error';
import { userOf } from '../../plugins/audience';
import { adminOf } from '../../plugins/session';
import { bookingOpsDeps } from '../bookings/booking-ops-deps';
import { IdParams, errors, operationsDeps, tags } from './operations.http';
import { decideDispute, disputesForConsole } from './return-dispute-decision.service';
import {
  disputeState,
  openDispute,
  readDisputePhoto,
  storeDisputePhoto,
  type DisputeDeps,
} from './return-disputes.service';

const PhotoParams = IdParams.extend({ photoId: DisputePhotoId });

const disputeDeps = (request: FastifyRequest): DisputeDeps => ({
  ...operationsDeps(request),
  ...bookingOpsDeps(request.server, request),
});

/**
 * The customer's dispute of the return charges, from the booking page (its state, its photos
 * sent one request each as the image itself, the case), and the console's cases and decision.
 * The booking's owner and the administrators read it; only its owner contests (`booking-owner`:
 * anyone else gets the 404 of an unknown booking).
 */
export const returnDisputesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    [...INSPECTION_PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: INSPECTION_PHOTO_MAX_BYTES + 1 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/bookings/:id/dispute',
    {
      config: { audience: 'booking' },
      schema: {
        tags,
        summary: 'Frais de restitution : délai de contestation et contestation en cours',
        params: IdParams,
        response: { 200: DisputeState, ...errors },
      },
    },
    async (request) => disputeState(disputeDeps(request), request.params.id),
  );

  app.post(
    '/bookings/:id/dispute/photos',
    {
      config: { audience: 'booking-owner', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Joindre une photo à la contestation (JPEG, PNG ou WebP, 8 Mo au plus)',
        consumes: [...INSPECTION_PHOTO_TYPES],
        params: IdParams,
        response: {
          201: z.object({ photoId: z.string() }),
          ...errors,
          413: ApiError,
          415: ApiError,
          429: ApiError,
        },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('unsupported_photo', 'Photo non reconnue : JPEG, PNG ou WebP.', 415);
      }
      const photoId = await storeDisputePhoto(disputeDeps(request), request.params.id, {
        contentType: String(request.headers['content-type']).split(';')[0]!.trim(),
        bytes: request.body,
      });
      return reply.status(201).send({ photoId });
    },
  );

  app.get(
    '/bookings/:id/dispute/photos/:photoId',
    {
      config: { audience: 'booking' },
      schema: {
        tags,
        summary: 'Une photo jointe à la contestation',
        produces: ['image/jpeg'],
        params: PhotoParams,
        response: { 200: z.unknown().describe('L’image'), ...errors },
      },
    },
    async (request, reply) => {
      const photo = await readDisputePhoto(
        disputeDeps(request),
        request.params.id,
        request.params.photoId,
      );
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'private, max-age=3600')
        .send(photo.body);
    },
  );

  app.post(
    '/bookings/:id/dispute',
    {
      config: { audience: 'booking-owner', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Contester les frais de restitution, dans le délai des conditions générales',
        params: IdParams,
        body: DisputeRequest,
        response: { 200: DisputeState, ...errors, 409: ApiError, 422: ApiError, 429: ApiError },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      return openDispute(disputeDeps(request), userId, request.params.id, request.body);
    },
  );

  await app.register(disputesConsoleRoutes);
};

/** The console's cases and their decision: administrators only (the staff gate of /admin). */
const disputesConsoleRoutes: FastifyPluginAsyncZod = async (admin) => {
  admin.get(
    '/admin/disputes',
    {
      schema: {
        tags,
        summary: 'Contestations des frais de restitution : à trancher d’abord',
        response: { 200: AdminDisputeList, ...errors },
      },
    },
    async (request) => ({ disputes: await disputesForConsole(disputeDeps(request)) }),
  );

  admin.post(
    '/admin/disputes/:id/decision',
    {
      schema: {
        tags,
        summary: 'Trancher : maintenir, réduire ou rembourser, avec la réponse écrite',
        params: IdParams,
        body: DisputeDecisionRequest,
        response: { 200: AdminDispute, ...errors, 409: ApiError, 422: ApiError, 502: ApiError },
      },
    },
    async (request) =>
      decideDispute(disputeDeps(request), adminOf(request).id, request.params.id, request.body),
  );
};
