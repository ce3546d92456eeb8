import { paymentWebhooks } from './payment-webhook-source';
import { webhookRoutes } from '../webhooks/webhook-routes';

/** POST /api/v1/webhooks/stripe: Stripe's payment events, signed with `Stripe-Signature`. */
export const stripeWebhooksRoutes = webhookRoutes({
  path: '/webhooks/stripe',
  tag: 'paiement',
  summary: 'Événements Stripe (signés avec Stripe-Signature)',
  source: paymentWebhooks,
});
