import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Asks the server (the only judge of permissions) whether the signed-in user is an admin. */
export const useAdminAccess = (userId: string | undefined) =>
  useQuery({
    queryKey: ['admin', 'access', userId],
    queryFn: ({ signal }) => apiRequest<{ admin: true }>('/admin/access', { signal }),
    enabled: Boolean(userId),
    retry: false,
    staleTime: 60_000,
  });
