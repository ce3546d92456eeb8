import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { vehicleQuery } from '../../../lib/queries';
import { notify } from '../../../lib/toast';

/**
 * The vehicle of the funnel, by slug. It is the vehicle page's query, so coming from 'Réserver
 * maintenant' the vehicle is already there. A failed load gives
 * the toast 'Impossible de charger les informations du véhicule' and the page stays in its loading
 * state, as the vehicle page does.
 */
export function useFunnelVehicle(slug: string, enabled: boolean) {
  const query = useQuery({ ...vehicleQuery(slug), enabled });
  const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
  const failed = query.isError && !notFound;
  useEffect(() => {
    if (failed) notify.error('Erreur', 'Impossible de charger les informations du véhicule');
  }, [failed]);
  return { vehicle: query.data, notFound };
}
