import type { FastifyInstance } from 'fastify';
import { signatureWebhooks } from './modules/contracts/signature-webhook-source';
import { identityWebhooks } from './modules/identity/identity-webhook-source';
import { paymentWebhooks } from './modules/payments/payment-webhook-source';
import type { WebhookSource } from './modules/webhooks/webhook-inbox';

/** Every port's webhooks (each defined by its module), for the inbox's retry job. */
export const webhookSources = (app: FastifyInstance): WebhookSource[] => [
  paymentWebhooks(app),
  identityWebhooks(app),
  signatureWebhooks(app),
];
