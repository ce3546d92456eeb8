import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResults } from '@vroum/core/availability';
import type { VehicleCategory } from '@vroum/core/vehicle';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';

export interface SearchParams {
  start: string;
  end: string;
  category?: VehicleCategory;
}

/** The vehicles free during the whole period (400 with the field at fault for bad dates). */
export function searchVehicles(params: SearchParams, signal?: AbortSignal): Promise<SearchResults> {
  return apiRequest<SearchResults>('/search', { query: { ...params }, signal });
}

export const searchVehiclesQuery = (params: SearchParams) =>
  queryOptions({
    queryKey: ['vehicles', 'search', params],
    queryFn: ({ signal }) => searchVehicles(params, signal),
    // Dates the server refuses would be refused again.
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiRequestError && error.status < 500),
  });

export const useSearchVehicles = (params: SearchParams, enabled = true) =>
  useQuery({ ...searchVehiclesQuery(params), enabled });
