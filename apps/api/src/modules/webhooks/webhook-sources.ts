import type { FastifyInstance } from 'fastify';
import { receivesWebhooks } from '../../providers/payment/payment-provider';
import { handleSignatureEvent } from '../contracts/contracts-hosted';
import { findBookingOwner } from '../contracts/contracts.repository';
import { handleIdentityEvent } from '../identity/identity-hosted';
import { findDriverOfBooking } from '../identity/identity.repository';
import { handleStripeEvent } from '../payments/stripe-webhooks';
import type { WebhookSource } from './webhook-inbox';

/**
 * Each port's webhooks with the configured provider: its verification through the port, and the
 * module's handler with what it needs from the app. The routes and the retry job share them.
 */
export const paymentWebhooks = (app: FastifyInstance): WebhookSource => ({
  port: 'payment',
  provider: app.payments.name,
  verifier: receivesWebhooks(app.payments) ? app.payments : null,
  handle: (event, log) =>
    handleStripeEvent({ db: app.db, payments: app.payments, config: app.config, log }, event),
});

export const identityWebhooks = (app: FastifyInstance): WebhookSource => ({
  port: 'identity',
  provider: app.identity.name,
  verifier: app.identity.kind === 'hosted' ? app.identity : null,
  handle: (event, log) =>
    handleIdentityEvent(
      {
        db: app.db,
        identity: app.identity,
        site: app.config.site,
        secret: app.config.auth.secret,
        log,
      },
      event,
      (bookingId) => findDriverOfBooking(app.db, bookingId),
    ),
});

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

export const webhookSources = (app: FastifyInstance): WebhookSource[] => [
  paymentWebhooks(app),
  identityWebhooks(app),
  signatureWebhooks(app),
];
