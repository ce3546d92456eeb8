import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { USER_LIVE_TABLES } from '@vroum/core/live-events';
import { useEffect } from 'react';
import { useAuth } from './auth/auth-context';
import { favoritesQuery } from './favorites';
import { notificationsQuery } from './notifications';

type UserLiveTable = (typeof USER_LIVE_TABLES)[number];

/** The query each live event makes stale (docs/decisions/010-live-events.md). */
const STALE_ON: Record<UserLiveTable, QueryKey> = {
  favorites: favoritesQuery().queryKey,
  notifications: notificationsQuery().queryKey,
  // A booking's page follows its status and the agent's progress.
  bookings: ['booking'],
};
const TABLES = Object.keys(STALE_ON) as UserLiveTable[];

/** Events of one burst (a "mark all read" sends one per row) cause one refetch. */
const COALESCE_MS = 100;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/**
 * One server-sent event stream with its handlers. EventSource reconnects by itself after a
 * network error; when the server answers with something else than a stream (a 401, a 502 during
 * a deployment) it gives up, so this opens it again after a growing delay. `onOpen` runs at each
 * (re)connection: changes made while no stream was open were not announced. Returns the function
 * that closes it.
 */
export function openLiveStream(
  url: string,
  handlers: { onOpen: () => void; events: Record<string, () => void> },
): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = FIRST_RETRY_MS;
  const open = () => {
    source = new EventSource(url);
    source.addEventListener('open', () => {
      retryDelay = FIRST_RETRY_MS;
      handlers.onOpen();
    });
    for (const [event, handle] of Object.entries(handlers.events)) {
      source.addEventListener(event, handle);
    }
    source.addEventListener('error', () => {
      if (source?.readyState !== EventSource.CLOSED) return;
      retryTimer = setTimeout(open, retryDelay);
      retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
    });
  };
  open();
  return () => {
    source?.close();
    clearTimeout(retryTimer);
  };
}

/**
 * Opens the one EventSource of the tab on /api/v1/events and turns its events into query
 * invalidations, a burst coalesced into one re-read per table. Returns the function that closes it.
 */
export function connectLiveEvents(queryClient: QueryClient): () => void {
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const stale = new Set<UserLiveTable>();
  const flush = () => {
    flushTimer = undefined;
    for (const table of stale) void queryClient.invalidateQueries({ queryKey: STALE_ON[table] });
    stale.clear();
  };
  const markStale = (table: UserLiveTable) => {
    stale.add(table);
    flushTimer ??= setTimeout(flush, COALESCE_MS);
  };
  const close = openLiveStream('/api/v1/events', {
    onOpen() {
      // Re-read what was loaded before this moment (not what is loading now).
      const openedAt = Date.now();
      for (const table of TABLES) {
        void queryClient.invalidateQueries({
          queryKey: STALE_ON[table],
          predicate: (query) =>
            query.state.dataUpdatedAt > 0 &&
            query.state.dataUpdatedAt < openedAt &&
            query.state.fetchStatus === 'idle',
        });
      }
    },
    events: Object.fromEntries(TABLES.map((table) => [table, () => markStale(table)])),
  });
  return () => {
    close();
    clearTimeout(flushTimer);
  };
}

/**
 * Keeps favourites and notifications live while someone is signed in, so another tab's change shows
 * here.
 */
export function useLiveEvents(): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id;
  useEffect(() => (userId ? connectLiveEvents(queryClient) : undefined), [userId, queryClient]);
}

/** Mount once, inside the query client and auth providers. */
export function LiveEvents(): null {
  useLiveEvents();
  return null;
}
