import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@vroum/core/api';
import {
  DamageClaim,
  DamageClaimApproval,
  DamageClaimList,
  DamageClaimQuery,
  DamageClaimWaiver,
} from '@vroum/core/damage-claims';
import { adminOf } from '../../plugins/session';
import { approveDamageClaim, damageClaims, waiveDamageClaim } from './damage-claims.service';
import { IdParams, errors, operationsDeps, tags } from './operations.http';

/**
 * The console's damage claims: the list to decide, the approval and the waiver. Administrators
 * only (the agents never decide), checked by the staff gate of /admin; an administrator never
 * decides on damage they recorded themselves.
 */
export const damageClaimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: Parameters<typeof operationsDeps>[0]) => ({
    ...operationsDeps(request),
    payments: app.payments,
  });

  app.get(
    '/admin/damage-claims',
    {
      schema: {
        tags,
        summary: 'Dommages constatés à la restitution : à décider d’abord, puis les décidés',
        querystring: DamageClaimQuery,
        response: { 200: DamageClaimList, ...errors },
      },
    },
    async (request) => ({
      claims: await damageClaims(deps(request), request.query.status ?? null),
    }),
  );

  app.post(
    '/admin/damage-claims/:id/approval',
    {
      schema: {
        tags,
        summary:
          'Approuver les dommages (au plus le montant dans la franchise) : pris sur la caution, puis la carte',
        params: IdParams,
        body: DamageClaimApproval,
        response: { 200: DamageClaim, ...errors, 409: ApiError, 422: ApiError, 502: ApiError },
      },
    },
    async (request) =>
      approveDamageClaim(deps(request), adminOf(request).id, request.params.id, request.body),
  );

  app.post(
    '/admin/damage-claims/:id/waiver',
    {
      schema: {
        tags,
        summary: 'Renoncer aux dommages, avec le motif : seuls kilomètres et carburant sont pris',
        params: IdParams,
        body: DamageClaimWaiver,
        response: { 200: DamageClaim, ...errors, 409: ApiError, 502: ApiError },
      },
    },
    async (request) =>
      waiveDamageClaim(deps(request), adminOf(request).id, request.params.id, request.body.reason),
  );
};
