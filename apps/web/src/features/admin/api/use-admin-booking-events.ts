import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openLiveStream } from '../../../lib/live-events';
import { ADMIN_KEYS } from './admin-api';

const COALESCE_MS = 150;

/**
 * The admin bookings list refreshes live on any change to bookings: one stream of
 * /api/v1/admin/events (docs/decisions/010-live-events.md, admin scope) while the tab is open.
 * Events say when, not what: the list is re-read, bursts coalesced.
 */
export function useAdminBookingEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      flushTimer ??= setTimeout(() => {
        flushTimer = undefined;
        void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.bookings });
      }, COALESCE_MS);
    };
    const close = openLiveStream('/api/v1/admin/events', {
      onOpen: refresh,
      events: { bookings: refresh },
    });
    return () => {
      close();
      clearTimeout(flushTimer);
    };
  }, [enabled, queryClient]);
}
