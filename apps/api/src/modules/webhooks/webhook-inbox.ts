import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { VerifiedWebhookEvent, WebhookVerifier } from '../../providers/webhook-event';
import {
  claimProviderEvent,
  markEventFailed,
  markEventProcessed,
  recordProviderEvent,
  type EventKey,
  type WebhookPort,
} from './provider-events.repository';

export type { WebhookPort } from './provider-events.repository';

/** What a handler did with an event: acted on it, or found nothing to do. */
export type WebhookOutcome = 'handled' | 'ignored';

/**
 * A port's webhooks as the inbox sees them: the configured provider, its verification (null when
 * it sends none: the built-in adapters) and the module's handler. The handler trusts only the
 * event's ids, re-reads the object from the provider and may run more than once for one event.
 */
export interface WebhookSource {
  port: WebhookPort;
  provider: string;
  verifier: WebhookVerifier | null;
  handle(event: VerifiedWebhookEvent, log: FastifyBaseLogger): Promise<WebhookOutcome>;
}

export interface InboxDeps {
  db: Database;
  log: FastifyBaseLogger;
}

/** How long one attempt holds an event; past it, an attempt that never reported is retried. */
export const ATTEMPT_LEASE_MS = 5 * 60_000;
/** The job gives up after this many attempts (a provider's redelivery is still handled). */
export const MAX_ATTEMPTS = 10;

/** The pause before the job's next attempt: one minute, doubled each time, six hours at most. */
export const retryDelayMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

export type ProcessResult = WebhookOutcome | 'duplicate' | 'busy';

const describe = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);

/**
 * One attempt at an event of the inbox: claimed (never two attempts at once), handled, then marked
 * processed. A failure leaves it unprocessed with its error and the time of the next retry, and
 * is thrown back to the caller.
 */
export async function processProviderEvent(
  deps: InboxDeps,
  source: WebhookSource,
  key: EventKey,
): Promise<ProcessResult> {
  const claimed = await claimProviderEvent(deps.db, key, ATTEMPT_LEASE_MS);
  if (claimed === 'processed') return 'duplicate';
  if (claimed === 'busy') return 'busy';
  let outcome: WebhookOutcome;
  try {
    outcome = await source.handle(
      { id: key.eventId, type: claimed.type, objectId: claimed.objectId },
      deps.log,
    );
  } catch (error) {
    await markEventFailed(deps.db, key, describe(error), retryDelayMs(claimed.attempts));
    throw error;
  }
  await markEventProcessed(deps.db, key, outcome);
  return outcome;
}

/**
 * A verified delivery: recorded, then handled unless it was already. Answers 409 while another
 * attempt holds the event, and 503 when handling failed, so the provider delivers it again.
 */
export async function receiveProviderEvent(
  deps: InboxDeps,
  source: WebhookSource,
  event: VerifiedWebhookEvent,
): Promise<WebhookOutcome | 'duplicate'> {
  const key: EventKey = { port: source.port, provider: source.provider, eventId: event.id };
  await recordProviderEvent(deps.db, key, event, ATTEMPT_LEASE_MS);
  let result: ProcessResult;
  try {
    result = await processProviderEvent(deps, source, key);
  } catch (error) {
    deps.log.error({ err: error, ...key }, 'provider event failed: left for a retry');
    throw new AppError(
      'provider_event_failed',
      'Traitement de l’événement impossible pour l’instant : il sera repris.',
      503,
    );
  }
  if (result === 'busy') {
    throw new AppError(
      'provider_event_in_progress',
      'Cet événement est déjà en cours de traitement.',
      409,
    );
  }
  return result;
}
