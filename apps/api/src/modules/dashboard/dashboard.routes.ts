import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@vroum/core/api';
import { BusinessDashboard, BusinessDashboardQuery } from '@vroum/core/business-dashboard';
import { adminOf } from '../../plugins/session';
import { rentalStepsDeps } from '../bookings/booking-ops-deps';
import { businessDashboard, parisToday } from './dashboard.service';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError };

/** The administrator's dashboard: one read of the figures, administrators only. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['administration'],
        summary:
          'Tableau de bord : livraisons et retours, chiffre du mois, occupation, dossiers à traiter',
        querystring: BusinessDashboardQuery,
        response: { 200: BusinessDashboard, ...errors },
      },
    },
    async (request) =>
      businessDashboard(
        rentalStepsDeps(app, request.log),
        adminOf(request).id,
        request.query.date ?? parisToday(),
      ),
  );
};
