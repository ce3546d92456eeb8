import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@vroum/core/profile';
import { apiRequest } from '../../../lib/api-client';

/**
 * The signed-in user's profile, to prefill the main driver. Same endpoint and cache key as the
 * account pages, so a profile already loaded there is reused.
 */
export const useDriverProfile = (enabled: boolean) =>
  useQuery({
    queryKey: ['me', 'profile'],
    queryFn: ({ signal }) => apiRequest<Profile>('/me/profile', { signal }),
    enabled,
    retry: false,
  });
