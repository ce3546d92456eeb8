import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSessions } from '@vroum/core/account-sessions';
import { apiRequest } from '../../../lib/api-client';

const SESSIONS_KEY = ['me', 'sessions'] as const;

/** The account's open sessions, this device's included. */
export const useMySessions = () =>
  useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => apiRequest<AccountSessions>('/me/sessions', { signal }),
  });

/** Signs out one session of the account. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/me/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** Signs out every session of the account but this one. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ signedOut: number }>('/me/sessions/sign-out-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** After a password change the other sessions are gone: the list is read again. */
export function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
}
