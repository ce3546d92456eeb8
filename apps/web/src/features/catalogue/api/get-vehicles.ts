import { queryOptions } from '@tanstack/react-query';
import type { PeriodPrice } from '@vroum/core/availability';
import type { Vehicle, VehicleCategory } from '@vroum/core/vehicle';
import { apiRequest } from '../../../lib/api-client';

export interface FleetResponse {
  vehicles: Vehicle[];
  /** Present when a period was given: the vehicles already booked during it. */
  unavailableVehicleIds?: string[];
  /** Present when a period was given: each car's price for it, by vehicle id. */
  periodPrices?: Record<string, PeriodPrice>;
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
