import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdentityDecision, IdentityReviewQueue } from '@vroum/core/rental-steps';
import { apiRequest } from '../../../lib/api-client';
import { contractDocumentUrl, rentalStepsQuery } from '../../../lib/rental-steps';
import { ADMIN_KEYS } from './admin-api';

export const IDENTITY_CHECKS_KEY = ['admin', 'identity-checks'] as const;

/** The links to the documents are signed for 10 minutes: the queue is re-read before then. */
const QUEUE_REFRESH_MS = 5 * 60_000;

// Identity review queue --------------------------------------------------------------------------

/** The checks waiting for the team, oldest first, and how many there are. */
export const useIdentityQueue = () =>
  useQuery({
    queryKey: IDENTITY_CHECKS_KEY,
    queryFn: ({ signal }) => apiRequest<IdentityReviewQueue>('/admin/identity-checks', { signal }),
    refetchInterval: QUEUE_REFRESH_MS,
  });

/** Validates or refuses a check; the queue, the booking's steps and the users are re-read. */
export function useDecideIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      checkId,
      decision,
    }: {
      checkId: string;
      bookingId: string;
      decision: IdentityDecision;
    }) =>
      apiRequest<void>(`/admin/identity-checks/${encodeURIComponent(checkId)}/decision`, {
        method: 'POST',
        body: decision,
      }),
    onSettled: (_data, _error, { bookingId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: IDENTITY_CHECKS_KEY }),
        queryClient.invalidateQueries({ queryKey: rentalStepsQuery(bookingId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users }),
      ]),
  });
}

// Booking steps ---------------------------------------------------------------------------------

/** The identity and contract steps of one booking (any booking, for an administrator). */
export const useAdminBookingSteps = (bookingId: string, enabled: boolean) =>
  useQuery({ ...rentalStepsQuery(bookingId), enabled });

/** The signed contract's PDF, opened by the browser with the session cookie. */
export const signedContractUrl = (bookingId: string) => contractDocumentUrl(bookingId, true);
