import { signatureWebhooks } from './signature-webhook-source';
import { webhookRoutes } from '../webhooks/webhook-routes';

/** POST /api/v1/webhooks/yousign: Yousign's events about its signature requests. */
export const contractsWebhooksRoutes = webhookRoutes({
  path: '/webhooks/yousign',
  tag: 'réservation',
  summary: 'Événements Yousign (signés avec X-Yousign-Signature-256)',
  source: signatureWebhooks,
});
