import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResults } from '@vroum/core/availability';
import type { VehicleCategory } from '@vroum/core/vehicle';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';

export interface SearchParams {
  start: string;
  end: string;
  category?: VehicleCategory;
}

/**
 * One page of the vehicles free during the whole period, after the cursor of the previous page
 * (400 with the field at fault for bad dates).
 */
export function searchVehicles(
  params: SearchParams,
  after: string | null,
  signal?: AbortSignal,
): Promise<SearchResults> {
  return apiRequest<SearchResults>('/search', {
    query: { ...params, ...(after ? { after } : {}) },
    signal,
  });
}

export const searchVehiclesQuery = (params: SearchParams) =>
  infiniteQueryOptions({
    queryKey: ['vehicles', 'search', params],
    queryFn: ({ signal, pageParam }) => searchVehicles(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Dates the server refuses would be refused again.
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiRequestError && error.status < 500),
  });

export const useSearchVehicles = (params: SearchParams, enabled = true) =>
  useInfiniteQuery({ ...searchVehiclesQuery(params), enabled });
