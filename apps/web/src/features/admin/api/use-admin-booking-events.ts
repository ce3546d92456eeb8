import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ADMIN_KEYS } from './admin-api';

const COALESCE_MS = 150;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/**
 * The admin bookings list refreshes live on any change to bookings: one EventSource on
 * /api/v1/admin/events (docs/decisions/010-live-events.md, admin scope) while the tab is open.
 * Events say when, not what: the list is re-read, bursts coalesced.
 */
export function useAdminBookingEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = FIRST_RETRY_MS;
    const refresh = () => {
      flushTimer ??= setTimeout(() => {
        flushTimer = undefined;
        void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.bookings });
      }, COALESCE_MS);
    };
    const open = () => {
      source = new EventSource('/api/v1/admin/events');
      source.addEventListener('open', () => {
        retryDelay = FIRST_RETRY_MS;
        // Changes made while no stream was open were not announced.
        refresh();
      });
      source.addEventListener('bookings', refresh);
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
      clearTimeout(flushTimer);
    };
  }, [enabled, queryClient]);
}
