import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import {
  AgentAddRequest,
  AgentList,
  HandoverReport,
  INSPECTION_PHOTO_MAX_BYTES,
  INSPECTION_PHOTO_TYPES,
  InspectionRecorded,
  Mission,
  MissionAssignment,
  MissionDetail,
  MissionKind,
  MissionList,
  MissionProgress,
  PlanningQuery,
  ReturnModeChange,
  ReturnRecorded,
  ReturnReport,
} from '@vroum/core/operations';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../auth/session';
import { requireBookingAccess } from '../bookings/booking-access';
import { rentalStepsDeps } from '../bookings/booking-ops-deps';
import { hasRole } from '../auth/auth.repository';
import { recordReturn } from './returns.service';
import {
  readInspectionPhoto,
  readInspectionReport,
  recordHandover,
  storeInspectionPhoto,
} from './inspections.service';
import {
  addAgent,
  agents,
  assign,
  chooseReturnMode,
  missionDetail,
  ownMission,
  planning,
  removeAgent,
  setOff,
  type OperationsDeps,
  type Staff,
} from './operations.service';

const IdParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
const MissionParams = z.object({
  bookingId: z.uuid({ error: 'Numéro de réservation invalide' }),
  kind: MissionKind,
});
const PhotoParams = MissionParams.extend({ photoId: z.uuid({ error: 'Photo invalide' }) });
const ReportParams = z.object({
  id: z.uuid({ error: 'Numéro de réservation invalide' }),
  kind: z.enum(['handover', 'return']),
});
const BookingPhotoParams = z.object({
  id: z.uuid({ error: 'Numéro de réservation invalide' }),
  photoId: z.uuid({ error: 'Photo invalide' }),
});
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const tags = ['opérations'];

/**
 * The operations side: the console's planning, agents and assignments (administrators), and the
 * agent's missions on a phone (an agent sees and acts on their own missions only).
 */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Photos arrive as the image itself, one request each, so a phone can resend one at a time.
  app.addContentTypeParser(
    [...INSPECTION_PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: INSPECTION_PHOTO_MAX_BYTES + 1 },
    (_request, body, done) => done(null, body),
  );

  const deps = (request: FastifyRequest): OperationsDeps => rentalStepsDeps(app, request.log);

  /** The signed-in member of the team (administrator or agent), or 401 / 403. */
  async function staffOf(request: FastifyRequest): Promise<Staff & { name: string }> {
    const user = await requireUser(request);
    const admin = await hasRole(app.db, user.id, 'admin');
    if (!admin && !(await hasRole(app.db, user.id, 'driver'))) {
      throw new AppError('forbidden', 'Accès réservé à l’équipe.', 403);
    }
    return { id: user.id, admin, name: user.name || user.email };
  }
  async function adminOf(request: FastifyRequest): Promise<Staff> {
    const staff = await staffOf(request);
    if (!staff.admin) {
      throw new AppError('forbidden', "Vous n'avez pas les permissions d'administrateur", 403);
    }
    return staff;
  }

  app.get(
    '/admin/agents',
    {
      schema: {
        tags,
        summary: 'Les agents (chauffeurs livreurs)',
        response: { 200: AgentList, ...errors },
      },
    },
    async (request) => {
      await adminOf(request);
      return { agents: await agents(deps(request)) };
    },
  );

  app.post(
    '/admin/agents',
    {
      schema: {
        tags,
        summary: 'Donner le rôle d’agent à un compte existant',
        body: AgentAddRequest,
        response: { 200: AgentList, ...errors },
      },
    },
    async (request) => {
      const admin = await adminOf(request);
      return { agents: await addAgent(deps(request), admin.id, request.body.email) };
    },
  );

  app.delete(
    '/admin/agents/:id',
    {
      schema: {
        tags,
        summary: 'Retirer le rôle d’agent (ses missions à venir sont désassignées)',
        params: IdParams,
        response: { 200: AgentList, ...errors },
      },
    },
    async (request) => {
      const admin = await adminOf(request);
      return { agents: await removeAgent(deps(request), admin.id, request.params.id) };
    },
  );

  app.get(
    '/admin/planning',
    {
      schema: {
        tags,
        summary: 'Livraisons et retours d’une période, dans l’ordre',
        querystring: PlanningQuery,
        response: { 200: MissionList, ...errors },
      },
    },
    async (request) => {
      const admin = await adminOf(request);
      const period = { from: new Date(request.query.from), to: new Date(request.query.to) };
      return { missions: await planning(deps(request), admin, period) };
    },
  );

  app.put(
    '/admin/bookings/:id/assignment',
    {
      schema: {
        tags,
        summary: 'Assigner la livraison ou le retour à un agent (ou le désassigner)',
        params: IdParams,
        body: MissionAssignment,
        response: { 200: Mission, ...errors, 422: ApiError },
      },
    },
    async (request) => {
      const admin = await adminOf(request);
      return assign(deps(request), admin.id, request.params.id, request.body);
    },
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
      const staff = await staffOf(request);
      const now = Date.now();
      const period = { from: new Date(now - 12 * 3_600_000), to: new Date(now + 60 * 86_400_000) };
      // An administrator opening this page sees their own assignments too, not the whole planning.
      return { missions: await planning(deps(request), { ...staff, admin: false }, period) };
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
      const staff = await staffOf(request);
      return missionDetail(deps(request), staff, request.params.bookingId, request.params.kind);
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
      const staff = await staffOf(request);
      return setOff(deps(request), staff, request.params.bookingId, request.params.kind);
    },
  );

  app.put(
    '/agent/missions/:bookingId/:kind/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'Envoyer une photo de l’état du véhicule (JPEG, PNG ou WebP, 8 MB au plus)',
        consumes: [...INSPECTION_PHOTO_TYPES],
        params: PhotoParams,
        response: { 204: z.null(), ...errors, 409: ApiError, 413: ApiError, 415: ApiError },
      },
    },
    async (request, reply) => {
      const staff = await staffOf(request);
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('unsupported_photo', 'Photo non reconnue : JPEG, PNG ou WebP.', 415);
      }
      await storeInspectionPhoto(deps(request), staff, request.params, {
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
      const staff = await staffOf(request);
      return recordHandover(deps(request), staff, request.params.bookingId, request.body);
    },
  );

  app.post(
    '/agent/missions/:bookingId/return',
    {
      schema: {
        tags,
        summary:
          'Restitution : état des lieux, montants dus pris sur la caution, location terminée',
        params: z.object({ bookingId: MissionParams.shape.bookingId }),
        body: ReturnReport,
        response: { 200: ReturnRecorded, ...errors, 409: ApiError, 422: ApiError, 502: ApiError },
      },
    },
    async (request) => {
      const staff = await staffOf(request);
      return recordReturn(
        { ...deps(request), payments: app.payments },
        staff,
        request.params.bookingId,
        request.body,
      );
    },
  );

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
      await chooseReturnMode(deps(request), user.id, request.params.id, request.body.mode);
      return reply.status(204).send(null);
    },
  );

  /** The booking's customer, an administrator, or an agent of one of its missions. */
  async function requireFilesAccess(request: FastifyRequest, bookingId: string): Promise<void> {
    const user = await requireUser(request);
    if (await hasRole(app.db, user.id, 'driver')) {
      for (const kind of MissionKind.options) {
        const agent = { id: user.id, admin: false };
        const assigned = await ownMission(deps(request), agent, bookingId, kind).then(
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
      const pdf = await readInspectionReport(deps(request), id, kind);
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
        response: { 200: z.unknown().describe('L’image'), ...errors },
      },
    },
    async (request, reply) => {
      const { id, photoId } = request.params;
      await requireFilesAccess(request, id);
      const photo = await readInspectionPhoto(deps(request), id, photoId);
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'private, max-age=3600')
        .send(photo.bytes);
    },
  );
};
