import { useQuery } from '@tanstack/react-query';
import type { SocialProviders } from '@vroum/core/social-sign-in';
import { apiRequest } from '../../../lib/api-client';

/** The third-party sign-in providers this deployment has configured (decision 012). */
export const useSocialProviders = () =>
  useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => apiRequest<SocialProviders>('/auth/providers', { signal }),
    staleTime: Infinity,
  });
