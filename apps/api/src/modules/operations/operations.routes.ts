import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AgentAddRequest,
  AgentList,
  Mission,
  MissionAssignment,
  MissionList,
  PlanningQuery,
} from '@vroum/core/operations';
import { ApiError } from '@vroum/core/api';
import { bookingOperationsRoutes } from './booking-operations.routes';
import { damageClaimsRoutes } from './damage-claims.routes';
import { returnDisputesRoutes } from './return-disputes.routes';
import { missionsRoutes } from './missions.routes';
import { adminOf } from '../../plugins/session';
import { IdParams, errors, operationsDeps, tags } from './operations.http';
import { addAgent, agents, assign, planning, removeAgent } from './operations.service';

/**
 * The operations side: the console's planning, agents and assignments (administrators) here; the
 * agent's missions on a phone, a booking's side of them (its customer's return mode, its signed
 * reports and photos), and the console's damage claims, in their own files.
 */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return { agents: await agents(operationsDeps(request)) };
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
      const admin = adminOf(request);
      return { agents: await addAgent(operationsDeps(request), admin.id, request.body.email) };
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
      const admin = adminOf(request);
      return {
        agents: await removeAgent(operationsDeps(request), admin.id, request.params.id),
      };
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
      const admin = adminOf(request);
      const period = { from: new Date(request.query.from), to: new Date(request.query.to) };
      return {
        missions: await planning(operationsDeps(request), { id: admin.id, admin: true }, period),
      };
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
      const admin = adminOf(request);
      return assign(operationsDeps(request), admin.id, request.params.id, request.body);
    },
  );

  await app.register(missionsRoutes);
  await app.register(bookingOperationsRoutes);
  await app.register(damageClaimsRoutes);
  await app.register(returnDisputesRoutes);
};
