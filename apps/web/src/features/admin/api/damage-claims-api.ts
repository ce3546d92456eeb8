import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DamageClaim,
  DamageClaimApproval,
  DamageClaimList,
  DamageClaimWaiver,
} from '@vroum/core/damage-claims';
import { apiRequest } from '../../../lib/api-client';

const DAMAGE_CLAIMS_KEY = ['admin', 'damage-claims'] as const;

/** The damage claims: those to decide first, then the decided ones. */
export const useDamageClaims = () =>
  useQuery({
    queryKey: DAMAGE_CLAIMS_KEY,
    queryFn: ({ signal }) => apiRequest<DamageClaimList>('/admin/damage-claims', { signal }),
  });

/**
 * A decision on a claim: the approval with its amount, or the waiver with its reason. The server
 * acts once per claim, so a retried click changes nothing; the bookings' list shows its money.
 */
function useDecision<Body>(decision: 'approval' | 'waiver') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) =>
      apiRequest<DamageClaim>(`/admin/damage-claims/${id}/${decision}`, { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DAMAGE_CLAIMS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] }),
      ]),
  });
}

export const useApproveDamageClaim = () => useDecision<DamageClaimApproval>('approval');
export const useWaiveDamageClaim = () => useDecision<DamageClaimWaiver>('waiver');
