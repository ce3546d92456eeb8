import type { FastifyInstance } from 'fastify';
import { receivesWebhooks } from '../../providers/payment/payment-provider';
import type { WebhookSource } from '../webhooks/webhook-inbox';
import { handleStripeEvent } from './stripe-webhooks';

/**
 * The payment port's webhooks with the configured provider: its verification through the port,
 * and this module's handler with what it needs from the app. Its route and the webhooks module's
 * retry job (given every source by the app) share it.
 */
export const paymentWebhooks = (app: FastifyInstance): WebhookSource => ({
  port: 'payment',
  provider: app.payments.name,
  verifier: receivesWebhooks(app.payments) ? app.payments : null,
  handle: (event, log) =>
    handleStripeEvent({ db: app.db, payments: app.payments, config: app.config, log }, event),
});
