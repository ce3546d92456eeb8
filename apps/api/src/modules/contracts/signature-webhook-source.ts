import type { FastifyInstance } from 'fastify';
import type { WebhookSource } from '../webhooks/webhook-inbox';
import { contractsDeps } from './contracts-deps';
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
    handleSignatureEvent(contractsDeps(app, log), event, (bookingId) =>
      findBookingOwner(app.db, bookingId),
    ),
});
