import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VehiclePhotoList } from '@vroum/core/vehicle-photos';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEYS } from './admin-api';

const photosKey = (vehicleId: string) => [...ADMIN_KEYS.vehicles, vehicleId, 'photos'] as const;

export const useVehiclePhotos = (vehicleId: string) =>
  useQuery({
    queryKey: photosKey(vehicleId),
    queryFn: ({ signal }) =>
      apiRequest<VehiclePhotoList>(`/admin/vehicles/${vehicleId}/photos`, { signal }),
  });

export type PhotoChange =
  | { kind: 'upload'; file: File }
  | { kind: 'main'; photoId: string }
  | { kind: 'order'; photoIds: string[] }
  | { kind: 'delete'; photoId: string };

function send(vehicleId: string, change: PhotoChange): Promise<VehiclePhotoList> {
  const base = `/admin/vehicles/${vehicleId}/photos`;
  switch (change.kind) {
    case 'upload': {
      const form = new FormData();
      form.append('file', change.file);
      return apiRequest(base, { method: 'POST', form });
    }
    case 'main':
      return apiRequest(`${base}/${change.photoId}/main`, { method: 'POST' });
    case 'order':
      return apiRequest(`${base}/order`, { method: 'PUT', body: { photoIds: change.photoIds } });
    case 'delete':
      return apiRequest(`${base}/${change.photoId}`, { method: 'DELETE' });
  }
}

/**
 * Every change to a vehicle's photos answers the photos as they now are: the list is replaced
 * by the answer, and the vehicles (whose main photo may have changed) are read again.
 */
export function useChangeVehiclePhotos(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PhotoChange) => send(vehicleId, change),
    onSuccess: (list) => {
      queryClient.setQueryData(photosKey(vehicleId), list);
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.vehicles, exact: true });
    },
  });
}
