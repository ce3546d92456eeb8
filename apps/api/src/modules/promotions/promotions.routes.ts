import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@vroum/core/api';
import { CustomerCodes } from '@vroum/core/customer-codes';
import { userOf } from '../../plugins/audience';
import { findCustomerCodes } from './promotions.repository';

/** A customer's own codes, still usable. */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/promo-codes',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Mes codes promo personnels encore valables',
        response: { 200: CustomerCodes, 401: ApiError },
      },
    },
    async (request) => {
      const user = userOf(request);
      const codes = await findCustomerCodes(app.db, user.id);
      return {
        codes: codes.map((row) => ({
          code: row.code,
          discountPercent: row.discount_value / 100,
          validUntil: row.valid_until.toISOString(),
        })),
      };
    },
  );
};
