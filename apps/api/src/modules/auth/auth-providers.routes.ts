import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SocialProviders } from '@vroum/core/social-sign-in';
import { enabledSocialProviders } from './social-providers';

/** Which third-party sign-in providers are configured, for the /auth page (decision 012). */
export const authProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['compte'],
        summary: 'Fournisseurs de connexion tiers disponibles (Google, Apple)',
        response: { 200: SocialProviders },
      },
    },
    async () => ({ providers: enabledSocialProviders(app.config.socialSignIn) }),
  );
};
