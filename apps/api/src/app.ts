import { hasRole } from './modules/auth/accounts.service';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { dataRightsRoutes } from './modules/account-data/data-rights.routes';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAuth, type Auth } from './modules/auth/auth';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { authProvidersRoutes } from './modules/auth/auth-providers.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { secondFactorRoutes } from './modules/auth/second-factor.routes';
import { sessionsRoutes } from './modules/auth/sessions.routes';
import { gateStaffSpaces } from './modules/auth/staff-gate';
import { findBookingForSteps } from './modules/bookings/booking-reads.service';
import { isMissionAgent } from './modules/operations/operations.service';
import { guardAudiences } from './plugins/audience';
import { chatRoutes } from './modules/chat/chat.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { createEventHub, type EventHub } from './modules/events/event-hub';
import { eventsRoutes } from './modules/events/events.routes';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { fleetBlocksRoutes } from './modules/fleet-blocks/fleet-blocks.routes';
import { healthRoutes } from './modules/health/health.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { siteRoutes } from './modules/site/site.routes';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes';
import {
  createPhotoVariantWorker,
  type PhotoVariantWorker,
} from './modules/vehicle-photos/photo-variant-worker';
import { vehiclePhotosRoutes } from './modules/vehicle-photos/vehicle-photos.routes';
import { registerApiDocs } from './plugins/api-docs';
import { registerErrorHandlers } from './plugins/errors';
import { lowerCaseUuidParams } from './plugins/canonical-ids';
import { refuseNulCharacters } from './plugins/no-nul';
import {
  addSecurityHeaders,
  frameworkErrorHandler,
  securityHeaders,
} from './plugins/security-headers';
import { checkOriginOfChanges } from './plugins/same-origin';
import { pageHints } from './modules/seo/page-hints';
import { loadPageRenderer } from './plugins/page-renderer';
import { readBootScript, registerSpa } from './plugins/spa';
import { createCatalogueCache, type CatalogueCache } from './modules/vehicles/catalogue-cache';
import { createGeocoder } from './providers/geocoding/create-geocoder';
import type { Geocoder } from './providers/geocoding/geocoder';
import { createPaymentProvider } from './providers/payment/create-payment-provider';
import type { PaymentProvider } from './providers/payment/payment-provider';
import { createIdentityProvider } from './providers/identity/create-identity-provider';
import type { IdentityProvider } from './providers/identity/identity-provider';
import { createSignatureProvider } from './providers/signature/create-signature-provider';
import type { SignatureProvider } from './providers/signature/signature-provider';
import { bookingCancellationRoutes } from './modules/bookings/booking-cancellation.routes';
import { balanceCardPaymentRoutes } from './modules/bookings/balance-card-payment.routes';
import { rentalExtensionRoutes } from './modules/bookings/rental-extension.routes';
import { operationsRoutes } from './modules/operations/operations.routes';
import { promotionsRoutes } from './modules/promotions/promotions.routes';
import { bookingLookupRoutes } from './modules/bookings/booking-lookup.routes';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { invoicingAdminRoutes } from './modules/invoicing/invoicing-admin.routes';
import { invoicingRoutes } from './modules/invoicing/invoicing.routes';
import { rentalStepsRoutes } from './modules/bookings/rental-steps.routes';
import { identityStepsRoutes } from './modules/identity/identity-steps.routes';
import { contractsRoutes } from './modules/contracts/contracts.routes';
import { identityReviewRoutes } from './modules/identity/identity-review.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { identityWebhooksRoutes } from './modules/identity/identity-webhooks.routes';
import { contractsWebhooksRoutes } from './modules/contracts/contracts-webhooks.routes';
import { sandboxRoutes } from './modules/payments/sandbox.routes';
import { stripeWebhooksRoutes } from './modules/payments/stripe-webhooks.routes';
import { createStorage } from './providers/storage/create-storage';
import type { ChatModel } from './providers/chat/chat-model';
import { createChatModel } from './providers/chat/create-chat-model';
import type { ObjectStorage } from './providers/storage/object-storage';
import { createRateLimitStore, type RateLimitStore } from './plugins/rate-limits';
import { openPdfPool } from './lib/pdf-pool';

// Validation messages of schemas without a message of their own are in French.
z.config(z.locales.fr());

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    geocoder: Geocoder;
    storage: ObjectStorage;
    auth: Auth;
    payments: PaymentProvider;
    identity: IdentityProvider;
    signature: SignatureProvider;
    chatModel: ChatModel;
    liveEvents: EventHub;
    catalogueCache: CatalogueCache;
    photoVariants: PhotoVariantWorker;
    /** The accounts' roles, read by the session guards (plugins/session.ts). */
    roles: { has(userId: string, role: 'admin' | 'driver'): Promise<boolean> };
  }
}

export interface AppDependencies {
  config: Config;
  db: Database;
  /** Defaults to the configured provider; tests may pass their own. */
  geocoder?: Geocoder;
  /** Defaults to the configured storage; tests may pass their own. */
  storage?: ObjectStorage;
  /** Defaults to the configured provider (PAYMENT_PROVIDER); tests may pass their own. */
  payments?: PaymentProvider;
  identity?: IdentityProvider;
  signature?: SignatureProvider;
  /** Defaults to the configured chat model (CHAT_MODEL); tests may pass their own. */
  chatModel?: ChatModel;
  /** Defaults to the configured store (RATE_LIMIT_STORE). */
  rateLimitStore?: RateLimitStore;
}

/**
 * One log line for each answer worth reading later: a change (any method but GET and HEAD), a
 * failure (4xx, 5xx) or a slow answer (over a second). A read that succeeds is the load
 * balancer's access log's business: logging its two lines cost 7 % of the CPU of a cached
 * catalogue read.
 */
function logAnswersWorthKeeping(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || reply.statusCode >= 400 || reply.elapsedTime > 1000) {
      request.log.info(
        { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) },
        'request completed',
      );
    }
    done();
  });
}

/** Builds the whole HTTP application without listening, so tests can `inject` into it. */
export async function buildApp({
  config,
  db,
  geocoder,
  storage,
  payments,
  identity,
  signature,
  chatModel,
  rateLimitStore,
}: AppDependencies): Promise<FastifyInstance> {
  const bootScript = config.webDistDir ? await readBootScript(config.webDistDir) : null;
  const headers = securityHeaders(config, bootScript ? [bootScript] : []);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: config.trustProxy,
    // Fastify's two lines per request are replaced by `logAnswersWorthKeeping` below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler(headers),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('geocoder', geocoder ?? createGeocoder(config.geocoding, app.log));
  app.decorate('storage', storage ?? (await createStorage(config.storage)));
  app.decorate('payments', payments ?? (await createPaymentProvider(config.payments, db)));
  app.decorate<IdentityProvider>(
    'identity',
    identity ?? (await createIdentityProvider(config.identity)),
  );
  app.decorate<SignatureProvider>(
    'signature',
    signature ?? (await createSignatureProvider(config.signature)),
  );
  app.decorate<ChatModel>('chatModel', chatModel ?? createChatModel(config.chat.model));
  const limits = rateLimitStore ?? createRateLimitStore(config.rateLimitStore, app.log);
  app.addHook('onClose', () => limits.close());
  const auth = createAuth(config, db, app.log, limits.authCounter);
  for (const provider of config.socialSignIn.incomplete) {
    app.log.warn({ provider }, 'Social sign-in settings incomplete: this provider stays off');
  }
  app.decorate('auth', auth);
  app.decorate('roles', {
    has: (userId: string, role: 'admin' | 'driver') => hasRole(db, userId, role),
  });
  app.decorate('bookingAccess', {
    find: (bookingId: string) => findBookingForSteps(db, bookingId),
    isAgentOf: (bookingId: string, userId: string) => isMissionAgent(db, bookingId, userId),
  });
  app.decorate('liveEvents', createEventHub(db, app.log));
  app.decorate(
    'catalogueCache',
    await createCatalogueCache(db, { maxAgeMs: config.catalogueCacheMs, log: app.log }),
  );
  app.decorate(
    'photoVariants',
    createPhotoVariantWorker({ db, storage: app.storage, log: app.log }),
  );
  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', () => app.liveEvents.close());
  // A photo's variants being made are finished before the database closes.
  app.addHook('preClose', () => app.photoVariants.stop());
  // The PDF threads (decision 053) end with the app: none is left to keep the process alive.
  const pdfPool = openPdfPool(config.pdf);
  app.addHook('onClose', () => pdfPool.close());
  addSecurityHeaders(app, headers);
  logAnswersWorthKeeping(app);
  registerErrorHandlers(app);
  refuseNulCharacters(app);
  lowerCaseUuidParams(app);
  // Per-address limits only where a route asks for them (look-ups, chat); auth counts its own
  // in the same store.
  await limits.register(app);
  await registerApiDocs(app, config);

  await app.register(
    async (api) => {
      // State-changing calls carried by the session cookie must come from our own pages.
      api.addHook('onRoute', checkOriginOfChanges);
      // The console's and the agents' routes require the role and a second factor (decision 042).
      api.addHook('onRoute', gateStaffSpaces);
      // Elsewhere a route declares its audience (`config.audience`), checked before its handler.
      api.addHook('onRoute', guardAudiences);
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(authProvidersRoutes);
      await api.register(vehiclesRoutes);
      await api.register(vehiclePhotosRoutes);
      await api.register(addressesRoutes);
      await api.register(documentsRoutes);
      await api.register(rentalStepsRoutes);
      await api.register(identityStepsRoutes);
      await api.register(contractsRoutes);
      await api.register(identityReviewRoutes);
      await api.register(identityRoutes);
      await api.register(identityWebhooksRoutes);
      await api.register(contractsWebhooksRoutes);
      await api.register(profileRoutes);
      await api.register(sessionsRoutes);
      await api.register(secondFactorRoutes);
      await api.register(dataRightsRoutes);
      await api.register(bookingsRoutes);
      await api.register(bookingLookupRoutes);
      await api.register(bookingCancellationRoutes);
      await api.register(balanceCardPaymentRoutes);
      await api.register(rentalExtensionRoutes);
      await api.register(invoicingRoutes);
      await api.register(invoicingAdminRoutes);
      await api.register(operationsRoutes);
      await api.register(promotionsRoutes);
      await api.register(sandboxRoutes);
      await api.register(stripeWebhooksRoutes);
      await api.register(mailRoutes);
      await api.register(favoritesRoutes);
      await api.register(notificationsRoutes);
      await api.register(eventsRoutes);
      await api.register(chatRoutes);
      await api.register(reviewsRoutes);
      await api.register(adminRoutes);
      await api.register(fleetBlocksRoutes);
      await api.register(dashboardRoutes);
    },
    { prefix: '/api/v1' },
  );

  await app.register(authRoutes(auth));
  await app.register(seoRoutes);
  const renderPage = config.webDistDir
    ? await loadPageRenderer(app, config.serverRenderer, config.site)
    : null;
  await registerSpa(
    app,
    config,
    (path, search, rendered) => pageHints(app.db, path, search, { dataInPage: rendered }),
    renderPage,
    bootScript,
  );
  return app;
}
