import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyBookings } from '@vroum/core/booking';
import type { Profile, ProfileUpdate } from '@vroum/core/profile';
import { apiRequest } from '../../../lib/api-client';

export const profileQuery = () =>
  queryOptions({
    queryKey: ['me', 'profile'],
    queryFn: ({ signal }) => apiRequest<Profile>('/me/profile', { signal }),
  });

export const useProfile = () => useQuery(profileQuery());

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) =>
      apiRequest<Profile>('/me/profile', { method: 'PUT', body: update }),
    onSuccess: (profile) => queryClient.setQueryData(profileQuery().queryKey, profile),
  });
}

export const useMyBookings = () =>
  useQuery({
    queryKey: ['me', 'bookings'],
    queryFn: ({ signal }) => apiRequest<MyBookings>('/me/bookings', { signal }),
  });
