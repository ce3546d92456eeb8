import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { AppError, notFound } from '../../lib/app-error';
import { PaymentDeclinedError } from '../../providers/payment/payment-provider';
import { SandboxError, SandboxProcessor } from '../../providers/payment/sandbox/sandbox-processor';

const IntentParams = z.object({
  id: z.string().regex(/^pi_sbx_[0-9a-f]+$/, 'Paiement introuvable.'),
});
const SandboxIntentView = z.object({
  id: z.string(),
  status: z.string(),
  amountCents: z.number().int(),
  /** Where the browser must go next (the 3-D Secure page), if anywhere. */
  redirectUrl: z.string().nullable(),
});

/**
 * The browser side of the built-in processor ('mode démonstration'): what Stripe.js does against
 * Stripe. Answers only when the sandbox is the configured provider.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = () => {
    if (!(app.payments instanceof SandboxProcessor)) throw notFound('Ressource introuvable.');
    return app.payments;
  };
  const view = (intent: { id: string; status: string; amountCents: number }) => ({
    id: intent.id,
    status: intent.status,
    amountCents: intent.amountCents,
    redirectUrl: intent.status === 'requires_action' ? `/paiement/3ds/${intent.id}` : null,
  });
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof PaymentDeclinedError) throw new AppError(error.code, error.message, 402);
      if (error instanceof SandboxError)
        throw new AppError(error.code, 'Paiement introuvable.', error.status);
      throw error;
    }
  };
  const responses = { 200: SandboxIntentView, 400: ApiError, 402: ApiError, 404: ApiError };

  app.get(
    '/sandbox/payment-intents/:id',
    {
      schema: {
        tags: ['paiement (démonstration)'],
        params: IntentParams,
        querystring: z.object({ clientSecret: z.string().min(10).max(200) }),
        response: responses,
      },
    },
    async (request) =>
      run(async () => {
        const intent = await sandbox().retrieveIntent(request.params.id);
        if (intent.clientSecret !== request.query.clientSecret)
          throw notFound('Paiement introuvable.');
        return view(intent);
      }),
  );

  app.post(
    '/sandbox/payment-intents/:id/confirm',
    {
      schema: {
        tags: ['paiement (démonstration)'],
        params: IntentParams,
        body: z.object({
          clientSecret: z.string().min(10).max(200),
          number: z.string().min(12).max(23),
          expMonth: z.number().int(),
          expYear: z.number().int(),
          cvc: z.string().min(3).max(4),
        }),
        response: responses,
      },
    },
    async (request) =>
      run(async () => {
        const { clientSecret, ...card } = request.body;
        return view(await sandbox().confirmWithCard(request.params.id, clientSecret, card));
      }),
  );

  app.post(
    '/sandbox/payment-intents/:id/authenticate',
    {
      schema: {
        tags: ['paiement (démonstration)'],
        params: IntentParams,
        body: z.object({ clientSecret: z.string().min(10).max(200), approved: z.boolean() }),
        response: responses,
      },
    },
    async (request) =>
      run(async () =>
        view(
          await sandbox().completeChallenge(
            request.params.id,
            request.body.clientSecret,
            request.body.approved,
          ),
        ),
      ),
  );
};
