import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerCodes } from '@vroum/core/customer-codes';
import type { Profile, ProfileUpdate } from '@vroum/core/profile';
import { apiRequest } from '../../../lib/api-client';
import { myBookingsQuery, profileQuery } from '../../../lib/queries';

export const useProfile = () => useQuery(profileQuery());

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) =>
      apiRequest<Profile>('/me/profile', { method: 'PUT', body: update }),
    onSuccess: (profile) => queryClient.setQueryData(profileQuery().queryKey, profile),
  });
}

export const useMyBookings = () => useQuery(myBookingsQuery());

/** The customer's own single-use codes (a return at the agency). */
export const useMyCodes = () =>
  useQuery({
    queryKey: ['me', 'promo-codes'],
    queryFn: ({ signal }) => apiRequest<CustomerCodes>('/me/promo-codes', { signal }),
  });
