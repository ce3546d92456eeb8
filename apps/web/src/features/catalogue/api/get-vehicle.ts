import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleDetail } from '@vroum/core/vehicle';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';

export const vehicleQuery = (slug: string) =>
  queryOptions({
    queryKey: ['vehicle', slug],
    queryFn: ({ signal }) =>
      apiRequest<VehicleDetail>(`/vehicles/${encodeURIComponent(slug)}`, { signal }),
    // A missing vehicle is an answer, not a failure to retry.
    retry: (count, error) =>
      !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });

export const useVehicle = (slug: string) => useQuery(vehicleQuery(slug));
