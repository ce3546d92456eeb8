import type { FastifyInstance } from 'fastify';
import type { WebhookSource } from '../webhooks/webhook-inbox';
import { handleSignatureEvent } from './contracts-hosted';
import { findBookingOwner } from './contracts.repository';

/**
 * The signature port's webhooks with the configured provider: its verification through the port,
 * and this module's handler with what it needs from the app. Its route and the webhooks module's
 * retry job (given every source by the app) share it.
 */
export const signatureWebhooks = (app: FastifyInstance): WebhookSource => ({
  port: 'signature',
  provider: app.signature.name,
  verifier: app.signature.kind === 'hosted' ? app.signature : null,
  handle: (event, log) =>
    handleSignatureEvent(
      {
        db: app.db,
        storage: app.storage,
        signature: app.signature,
        site: app.config.site,
        secret: app.config.auth.secret,
        log,
      },
      event,
      (bookingId) => findBookingOwner(app.db, bookingId),
    ),
});
