import type { FastifyInstance } from 'fastify';
import { findDueProviderEvents } from './provider-events.repository';
import {
  MAX_ATTEMPTS,
  processProviderEvent,
  type InboxDeps,
  type WebhookSource,
} from './webhook-inbox';

/** Events retried per port and round: a long outage is worked off over a few rounds. */
const BATCH = 50;

/**
 * Periodic job: the providers' events whose handling failed (or whose attempt never reported)
 * are handled again once their pause has passed, up to `MAX_ATTEMPTS` attempts; each failure
 * keeps its error and doubles the pause. Only the configured providers' events are taken; the
 * app names the sources (each port's module defines its own).
 */
export async function retryProviderEvents(
  app: FastifyInstance,
  sources: readonly WebhookSource[],
): Promise<void> {
  const deps: InboxDeps = { db: app.db, log: app.log };
  for (const source of sources) {
    if (!source.verifier) continue;
    const due = await findDueProviderEvents(app.db, source.port, source.provider, {
      maxAttempts: MAX_ATTEMPTS,
      limit: BATCH,
    });
    for (const key of due) {
      try {
        const result = await processProviderEvent(deps, source, key);
        app.log.info({ ...key, result }, 'provider event retried');
      } catch (error) {
        app.log.warn({ err: error, ...key }, 'provider event failed again');
      }
    }
  }
}
