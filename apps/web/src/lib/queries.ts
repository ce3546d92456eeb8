import { queryOptions } from '@tanstack/react-query';
import type { MyBookings } from '@vroum/core/booking';
import type { Profile } from '@vroum/core/profile';
import type { VehicleDetail } from '@vroum/core/vehicle';
import { apiRequest, ApiRequestError } from './api-client';

/**
 * The queries several features read, declared once so that they share one cache entry: a vehicle
 * loaded by its page is there for the funnel and checkout, the profile loaded by the account is
 * there to prefill checkout. A feature adds its own options (`enabled`, `staleTime`) by spreading.
 */
export const vehicleQuery = (slug: string) =>
  queryOptions({
    queryKey: ['vehicle', slug],
    queryFn: ({ signal }) =>
      apiRequest<VehicleDetail>(`/vehicles/${encodeURIComponent(slug)}`, { signal }),
    // A missing vehicle is an answer, not a failure to retry.
    retry: (count, error) =>
      !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });

export const profileQuery = () =>
  queryOptions({
    queryKey: ['me', 'profile'],
    queryFn: ({ signal }) => apiRequest<Profile>('/me/profile', { signal }),
  });

export const myBookingsQuery = () =>
  queryOptions({
    queryKey: ['me', 'bookings'],
    queryFn: ({ signal }) => apiRequest<MyBookings>('/me/bookings', { signal }),
  });
