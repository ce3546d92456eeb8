import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  LiveEventOp,
  LiveEventTable,
  USER_LIVE_TABLES,
  type LiveEvent,
} from '@vroum/core/live-events';
import type { Database } from '../../db/client';

/** NOTIFY channel of the triggers of migration 0003. */
export const APP_EVENTS_CHANNEL = 'app_events';

/** The NOTIFY payload: what changed and whose row it is, never what the row holds. */
const RowChange = z.object({
  table: LiveEventTable,
  op: LiveEventOp,
  id: z.uuid(),
  user_id: z.uuid().nullable(),
});
type RowChange = z.infer<typeof RowChange>;

/**
 * Who listens. A customer receives the changes to their own favourites and notifications; an
 * administrator (the admin bookings list, which refreshes live) every change to bookings.
 */
export type EventScope = { kind: 'user'; userId: string } | { kind: 'admin' };

export interface Subscriber {
  onEvent(event: LiveEvent): void;
  /** The hub is closing (the server shuts down): end the stream. */
  onClose(): void;
}

export interface EventHub {
  /** Resolves once the change can no longer be missed: LISTEN is active on this instance. */
  subscribe(scope: EventScope, subscriber: Subscriber): Promise<() => void>;
  /** Number of open subscriptions (tests, metrics). */
  subscriberCount(): number;
  /** Ends every subscription and stops listening. */
  close(): Promise<void>;
}

const userTables: ReadonlySet<string> = new Set(USER_LIVE_TABLES);

/**
 * One LISTEN per API instance, fanned out in memory to the server-sent-event streams of this
 * instance. Every instance listens, so a change committed through any of them reaches every
 * stream, however many instances run behind the load balancer (decision 010). The database
 * connection is opened on the first subscription.
 */
export function createEventHub(db: Database, log: FastifyBaseLogger): EventHub {
  const byUser = new Map<string, Set<Subscriber>>();
  const admins = new Set<Subscriber>();
  let listening: Promise<() => Promise<void>> | undefined;
  let closed = false;

  function deliver(subscriber: Subscriber, event: LiveEvent) {
    try {
      subscriber.onEvent(event);
    } catch (error) {
      log.warn({ err: error }, 'live event not delivered');
    }
  }

  function dispatch(payload: string) {
    let change: RowChange;
    try {
      change = RowChange.parse(JSON.parse(payload));
    } catch (error) {
      log.warn({ err: error }, 'malformed app_events payload ignored');
      return;
    }
    const event: LiveEvent = { table: change.table, op: change.op, id: change.id };
    if (change.user_id && userTables.has(change.table)) {
      for (const subscriber of byUser.get(change.user_id) ?? []) deliver(subscriber, event);
    }
    if (change.table === 'bookings') {
      for (const subscriber of admins) deliver(subscriber, event);
    }
  }

  function startListening() {
    listening ??= db.listen(APP_EVENTS_CHANNEL, dispatch).catch((error: unknown) => {
      listening = undefined;
      throw error;
    });
    return listening;
  }

  return {
    async subscribe(scope, subscriber) {
      if (closed) throw new Error('The event hub is closed');
      await startListening();
      if (closed) throw new Error('The event hub is closed');
      let set: Set<Subscriber>;
      if (scope.kind === 'admin') {
        set = admins;
      } else {
        set = byUser.get(scope.userId) ?? new Set();
        byUser.set(scope.userId, set);
      }
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (scope.kind === 'user' && set.size === 0 && byUser.get(scope.userId) === set) {
          byUser.delete(scope.userId);
        }
      };
    },
    subscriberCount() {
      let count = admins.size;
      for (const set of byUser.values()) count += set.size;
      return count;
    },
    async close() {
      closed = true;
      const all = [...admins, ...[...byUser.values()].flatMap((set) => [...set])];
      admins.clear();
      byUser.clear();
      for (const subscriber of all) subscriber.onClose();
      const unlisten = await listening?.catch(() => undefined);
      await unlisten?.();
    },
  };
}
