import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import {
  ContractSignRequest,
  ContractView,
  IdentityStart,
  IdentitySubmission,
  IdentityStep,
  RentalSteps,
} from '@vroum/core/rental-steps';
import type { FastifyRequest } from 'fastify';
import { sendSigningCode, signContract } from '../contracts/contract-signing.service';
import {
  ensureCurrentContract,
  readContractFile,
  toContractView,
  verifySignedContract,
} from '../contracts/contracts.service';
import { startHostedSignature } from '../contracts/contracts-hosted';
import { startHostedIdentity } from '../identity/identity-hosted';
import { submitIdentity } from '../identity/identity.service';
import { requireAdmin } from '../../plugins/session';
import { rentalStepsDeps } from './booking-ops-deps';
import { rentalStepsOf } from './rental-steps.service';
import { AppError } from '../../lib/app-error';
import {
  BookingIdParams,
  assertContractOpen,
  assertStepsOpen,
  requireBookingAccess,
} from './booking-access';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 422: ApiError };

/**
 * The booking's after-payment checklist: the identity check and the contract, for the owner
 * (who acts) and the administrators (who see).
 */
export const rentalStepsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => rentalStepsDeps(app, request.log);

  app.get(
    '/bookings/:id/steps',
    {
      schema: {
        tags: ['réservation'],
        summary: 'Étapes après paiement : vérification d’identité et signature du contrat',
        params: BookingIdParams,
        response: { 200: RentalSteps, ...errors },
      },
    },
    async (request) => {
      const { booking } = await requireBookingAccess(request, request.params.id);
      return rentalStepsOf(deps(request), booking);
    },
  );

  app.post(
    '/bookings/:id/identity',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['réservation'],
        summary: 'Envoyer sa vérification d’identité (documents déjà déposés)',
        params: BookingIdParams,
        body: IdentitySubmission.omit({ bookingId: true }),
        response: { 200: IdentityStep, ...errors },
      },
    },
    async (request) => {
      const { user, admin, booking } = await requireBookingAccess(request, request.params.id);
      if (admin) throw notOwner();
      assertStepsOpen(booking);
      return submitIdentity(deps(request), user, booking, {
        ...request.body,
        bookingId: booking.id,
      });
    },
  );

  app.post(
    '/bookings/:id/identity/session',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['réservation'],
        summary: 'Ouvrir la vérification d’identité chez le prestataire (page hébergée)',
        params: BookingIdParams,
        response: { 200: IdentityStart, ...errors },
      },
    },
    async (request) => {
      const { user, admin, booking } = await requireBookingAccess(request, request.params.id);
      if (admin) throw notOwner();
      assertStepsOpen(booking);
      return startHostedIdentity(
        deps(request),
        user.id,
        booking,
        `${app.config.site.publicUrl}/reservation/${booking.id}`,
      );
    },
  );

  app.get(
    '/bookings/:id/contract',
    {
      schema: {
        tags: ['réservation'],
        summary: 'Le contrat de location (version en vigueur)',
        params: BookingIdParams,
        response: { 200: ContractView, ...errors },
      },
    },
    async (request) => {
      const { booking } = await requireBookingAccess(request, request.params.id);
      const { contract } = await ensureCurrentContract(deps(request), booking.id);
      return toContractView(contract);
    },
  );

  app.get(
    '/bookings/:id/contract/document',
    {
      schema: {
        tags: ['réservation'],
        summary: 'Le PDF du contrat à lire, ou signé (?signed=true)',
        params: BookingIdParams,
        querystring: z.object({ signed: z.enum(['true', 'false']).optional() }),
      },
    },
    async (request, reply) => {
      const { booking } = await requireBookingAccess(request, request.params.id);
      const file = await readContractFile(
        deps(request),
        booking.id,
        request.query.signed === 'true' ? 'signed' : 'current',
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
        )
        .send(file.pdf);
    },
  );

  app.post(
    '/bookings/:id/contract/code',
    {
      // Counted per booking: a code mail cannot be sent in a loop to the customer's address.
      config: {
        rateLimit: {
          max: 5,
          timeWindow: '10 minutes',
          keyGenerator: (request) => `contract-code:${(request.params as { id: string }).id}`,
        },
      },
      schema: {
        tags: ['réservation'],
        summary: 'Recevoir par e-mail le code de signature',
        params: BookingIdParams,
        response: { 200: ContractView, ...errors },
      },
    },
    async (request) => {
      const { admin, booking } = await requireBookingAccess(request, request.params.id);
      if (admin) throw notOwner();
      assertContractOpen(booking);
      return sendSigningCode(deps(request), booking.id, booking.customerEmail);
    },
  );

  app.post(
    '/bookings/:id/contract/hosted',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['réservation'],
        summary: 'Envoyer le contrat au prestataire de signature et obtenir la page de signature',
        params: BookingIdParams,
        response: { 200: ContractView, ...errors },
      },
    },
    async (request) => {
      const { admin, booking } = await requireBookingAccess(request, request.params.id);
      if (admin) throw notOwner();
      assertContractOpen(booking);
      return startHostedSignature(deps(request), booking.id);
    },
  );

  app.post(
    '/bookings/:id/contract/sign',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      bodyLimit: 600_000,
      schema: {
        tags: ['réservation'],
        summary: 'Signer le contrat (code reçu par e-mail et signature)',
        params: BookingIdParams,
        body: ContractSignRequest,
        response: { 200: ContractView, ...errors },
      },
    },
    async (request) => {
      const { user, admin, booking } = await requireBookingAccess(request, request.params.id);
      if (admin) throw notOwner();
      assertContractOpen(booking);
      return signContract(deps(request), booking.id, request.body, {
        userId: user.id,
        email: booking.customerEmail,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
    },
  );
  app.get(
    '/admin/bookings/:id/contract/integrity',
    {
      schema: {
        tags: ['administration'],
        summary: 'Vérifier que le contrat signé stocké n’a pas été modifié',
        params: BookingIdParams,
        response: {
          200: z.object({ recorded: z.string(), actual: z.string(), intact: z.boolean() }),
          ...errors,
          403: ApiError,
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return verifySignedContract(deps(request), request.params.id);
    },
  );
};

const notOwner = () =>
  new AppError('not_owner', 'Seul le titulaire de la réservation peut accomplir cette étape.', 403);
