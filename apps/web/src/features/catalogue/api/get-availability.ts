import { useQuery } from '@tanstack/react-query';
import type { Availability } from '@vroum/core/availability';
import { apiRequest } from '../../../lib/api-client';

/**
 * The four states of the check: unknown (null), checking, available (true), unavailable (false).
 */
export type AvailabilityState = null | 'checking' | true | false;

/**
 * Asks the server whether the car is free for the whole period; any error counts as unavailable.
 * Any error counts as unavailable.
 */
export function useAvailability(slug: string, start: string, end: string): AvailabilityState {
  const enabled = Boolean(start && end && Date.parse(end) > Date.parse(start));
  const query = useQuery({
    queryKey: ['availability', slug, start, end],
    queryFn: ({ signal }) =>
      apiRequest<Availability>(`/vehicles/${encodeURIComponent(slug)}/availability`, {
        query: { start, end },
        signal,
      }),
    enabled,
    retry: false,
    staleTime: 15_000,
  });
  if (!enabled) return null;
  if (query.isPending) return 'checking';
  if (query.isError) return false;
  return query.data.available;
}
