import type { AgentList, Mission, MissionAssignment, MissionList } from '@vroum/core/operations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const KEYS = {
  planning: ['admin', 'planning'] as const,
  agents: ['admin', 'agents'] as const,
};

/** Deliveries and returns of a period, in time order. */
export const usePlanning = (from: string, to: string) =>
  useQuery({
    queryKey: [...KEYS.planning, from, to],
    queryFn: ({ signal }) =>
      apiRequest<MissionList>('/admin/planning', { query: { from, to }, signal }),
  });

export const useAgents = () =>
  useQuery({
    queryKey: KEYS.agents,
    queryFn: ({ signal }) => apiRequest<AgentList>('/admin/agents', { signal }),
  });

export function useAddAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<AgentList>('/admin/agents', { method: 'POST', body: { email } }),
    onSuccess: (list) => queryClient.setQueryData(KEYS.agents, list),
  });
}

export function useRemoveAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AgentList>(`/admin/agents/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (list) => {
      queryClient.setQueryData(KEYS.agents, list);
      void queryClient.invalidateQueries({ queryKey: KEYS.planning });
    },
  });
}

export function useAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, ...assignment }: MissionAssignment & { bookingId: string }) =>
      apiRequest<Mission>(`/admin/bookings/${encodeURIComponent(bookingId)}/assignment`, {
        method: 'PUT',
        body: assignment,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEYS.planning }),
  });
}
