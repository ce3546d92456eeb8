import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteInfo } from '@vroum/core/site';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Coordonnées publiques de la société (marque, téléphone, messagerie)',
        response: { 200: SiteInfo },
      },
    },
    async () => app.config.site,
  );
};
