import { useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@vroum/core/vehicle';
import { useEffect } from 'react';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';

/**
 * The vehicle of the funnel, by slug. It shares the vehicle page's cache key (same endpoint, same
 * shape), so coming from 'Réserver maintenant' the vehicle is already there. A failed load gives
 * the toast 'Impossible de charger les informations du véhicule' and the page stays in its loading
 * state, as the vehicle page does.
 */
export function useFunnelVehicle(slug: string, enabled: boolean) {
  const query = useQuery({
    queryKey: ['vehicle', slug],
    queryFn: ({ signal }) =>
      apiRequest<Vehicle>(`/vehicles/${encodeURIComponent(slug)}`, { signal }),
    enabled,
    // A missing vehicle is an answer, not a failure to retry.
    retry: (count, error) =>
      !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
  const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
  const failed = query.isError && !notFound;
  useEffect(() => {
    if (failed) notify.error('Erreur', 'Impossible de charger les informations du véhicule');
  }, [failed]);
  return { vehicle: query.data, notFound };
}
