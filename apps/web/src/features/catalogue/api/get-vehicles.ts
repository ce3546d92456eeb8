import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle, VehicleCategory } from '@vroum/core/vehicle';
import { apiRequest } from '../../../lib/api-client';

export interface FleetResponse {
  vehicles: Vehicle[];
  /** Present when a period was given: the vehicles already booked during it. */
  unavailableVehicleIds?: string[];
}

export function fetchVehicles(
  params: { category?: VehicleCategory; start?: string; end?: string },
  signal?: AbortSignal,
): Promise<FleetResponse> {
  return apiRequest<FleetResponse>('/vehicles', { query: { ...params }, signal });
}

export const vehiclesQuery = (params: {
  category?: VehicleCategory;
  start?: string;
  end?: string;
}) =>
  queryOptions({
    queryKey: ['vehicles', params],
    queryFn: ({ signal }) => fetchVehicles(params, signal),
  });

export const useVehicles = (
  params: { category?: VehicleCategory; start?: string; end?: string },
  enabled = true,
) => useQuery({ ...vehiclesQuery(params), enabled });
