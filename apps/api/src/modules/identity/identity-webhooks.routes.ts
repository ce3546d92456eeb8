import { identityWebhooks } from './identity-webhook-source';
import { webhookRoutes } from '../webhooks/webhook-routes';

/** POST /api/v1/webhooks/stripe-identity: Stripe Identity's events about its sessions. */
export const identityWebhooksRoutes = webhookRoutes({
  path: '/webhooks/stripe-identity',
  tag: 'réservation',
  summary: 'Événements Stripe Identity (signés avec Stripe-Signature)',
  source: identityWebhooks,
});
