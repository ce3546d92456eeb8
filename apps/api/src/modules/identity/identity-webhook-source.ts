import type { FastifyInstance } from 'fastify';
import type { WebhookSource } from '../webhooks/webhook-inbox';
import { identityDeps } from './identity-deps';
import { handleIdentityEvent } from './identity-hosted';
import { findDriverOfBooking } from './identity.repository';

/**
 * The identity port's webhooks with the configured provider: its verification through the port,
 * and this module's handler with what it needs from the app. Its route and the webhooks module's
 * retry job (given every source by the app) share it.
 */
export const identityWebhooks = (app: FastifyInstance): WebhookSource => ({
  port: 'identity',
  provider: app.identity.name,
  verifier: app.identity.kind === 'hosted' ? app.identity : null,
  handle: (event, log) =>
    handleIdentityEvent(identityDeps(app, log), event, (bookingId) =>
      findDriverOfBooking(app.db, bookingId),
    ),
});
