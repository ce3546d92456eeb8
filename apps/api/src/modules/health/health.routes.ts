import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health } from '@vroum/core/api';
import { APP_VERSION } from '../../lib/version';
import { pingDatabase } from './health.repository';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'État du service et de sa base de données',
        response: { 200: Health },
      },
    },
    async () => {
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: app.db.kind, version: APP_VERSION };
    },
  );
};
