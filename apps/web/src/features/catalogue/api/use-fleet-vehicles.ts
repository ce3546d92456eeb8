import { useQuery } from '@tanstack/react-query';
import type { VehicleCategory } from '@vroum/core/vehicle';
import { useEffect, useRef } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { hasPeriod, type BookingContext } from '../../../lib/booking-params';
import { notify } from '../../../lib/toast';
import { vehiclesQuery } from './get-vehicles';

const isBadRequest = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

/** One more try for network and server failures; a refused request would fail the same way. */
const retryOnce = (failureCount: number, error: unknown) =>
  failureCount < 1 && !isBadRequest(error);

/**
 * The vehicles of one fleet tab. With the period of the booking context, the answer also names
 * the vehicles already booked then. A period the server refuses (a shared link whose dates have
 * passed, say) does not hide the fleet: the list is loaded again without it and the server's
 * message is handed back. A failure shows the toast 'Impossible de charger les véhicules' once per
 * failed attempt.
 */
export function useFleetVehicles(category: VehicleCategory | undefined, context: BookingContext) {
  const period = hasPeriod(context) ? { start: context.start, end: context.end } : {};
  const withPeriod = useQuery({
    ...vehiclesQuery({ category, ...period }),
    enabled: category !== undefined,
    retry: retryOnce,
  });
  const periodRejected = 'start' in period && isBadRequest(withPeriod.error);
  const withoutPeriod = useQuery({
    ...vehiclesQuery({ category }),
    enabled: category !== undefined && periodRejected,
    retry: retryOnce,
  });
  const query = periodRejected ? withoutPeriod : withPeriod;

  const notified = useRef(0);
  useEffect(() => {
    if (!query.isError || notified.current === query.errorUpdatedAt) return;
    notified.current = query.errorUpdatedAt;
    notify.error('Erreur', 'Impossible de charger les véhicules');
  }, [query.isError, query.errorUpdatedAt]);

  return {
    query,
    /** Why the period could not be checked, in the server's words; null when it was. */
    periodError: periodRejected ? (withPeriod.error?.message ?? null) : null,
  };
}
