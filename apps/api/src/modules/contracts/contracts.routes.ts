import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { ContractSignRequest, ContractView } from '@vroum/core/rental-steps';
import { bookingAccessOf, userOf } from '../../plugins/audience';
import { BookingIdParams } from '../../plugins/booking-access';
import { sendSigningCode, signContract } from './contract-signing.service';
import { contractsDeps } from './contracts-deps';
import { startHostedSignature } from './contracts-hosted';
import {
  ensureCurrentContract,
  readContractFile,
  toContractView,
  verifySignedContract,
} from './contracts.service';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 422: ApiError };

/**
 * A booking's rental contract: read by its owner and the administrators (`booking`), signed by
 * its owner alone (`contract-owner`), its sealed copy checked from the console.
 */
export const contractsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => contractsDeps(app, request.log);

  app.get(
    '/bookings/:id/contract',
    {
      config: { audience: 'booking' },
      schema: {
        tags: ['réservation'],
        summary: 'Le contrat de location (version en vigueur)',
        params: BookingIdParams,
        response: { 200: ContractView, ...errors },
      },
    },
    async (request) => {
      const { contract } = await ensureCurrentContract(deps(request), request.params.id);
      return toContractView(contract);
    },
  );

  app.get(
    '/bookings/:id/contract/document',
    {
      config: { audience: 'booking' },
      schema: {
        tags: ['réservation'],
        summary: 'Le PDF du contrat à lire, ou signé (?signed=true)',
        params: BookingIdParams,
        querystring: z.object({ signed: z.enum(['true', 'false']).optional() }),
      },
    },
    async (request, reply) => {
      const file = await readContractFile(
        deps(request),
        request.params.id,
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
      config: {
        audience: 'contract-owner',
        // Counted per booking: a code mail cannot be sent in a loop to the customer's address.
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
      const { booking } = bookingAccessOf(request);
      return sendSigningCode(deps(request), booking.id, booking.customerEmail);
    },
  );

  app.post(
    '/bookings/:id/contract/hosted',
    {
      config: { audience: 'contract-owner', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['réservation'],
        summary: 'Envoyer le contrat au prestataire de signature et obtenir la page de signature',
        params: BookingIdParams,
        response: { 200: ContractView, ...errors },
      },
    },
    async (request) => startHostedSignature(deps(request), request.params.id),
  );

  app.post(
    '/bookings/:id/contract/sign',
    {
      config: { audience: 'contract-owner', rateLimit: { max: 10, timeWindow: '1 minute' } },
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
      const { booking } = bookingAccessOf(request);
      return signContract(deps(request), booking.id, request.body, {
        userId: userOf(request).id,
        email: booking.customerEmail,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
    },
  );

  // An administrator's route: the staff gate of /admin checks the role and the second factor.
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
    async (request) => verifySignedContract(deps(request), request.params.id),
  );
};
