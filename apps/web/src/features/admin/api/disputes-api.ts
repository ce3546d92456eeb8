import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDispute,
  AdminDisputeList,
  DisputeDecisionRequest,
} from '@vroum/core/return-disputes';
import { apiRequest } from '../../../lib/api-client';

const DISPUTES_KEY = ['admin', 'disputes'] as const;

/** The customers' disputes of return charges: open cases first. */
export const useDisputes = () =>
  useQuery({
    queryKey: DISPUTES_KEY,
    queryFn: ({ signal }) => apiRequest<AdminDisputeList>('/admin/disputes', { signal }),
  });

/** The decision on a case: written once by the server, so a retried click changes nothing. */
export function useDecideDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DisputeDecisionRequest }) =>
      apiRequest<AdminDispute>(`/admin/disputes/${id}/decision`, { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DISPUTES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] }),
      ]),
  });
}
