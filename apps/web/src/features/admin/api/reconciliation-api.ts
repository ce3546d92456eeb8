import { useQuery } from '@tanstack/react-query';
import type { ReconciliationDifference } from '@vroum/core/ledger';
import { apiRequest } from '../../../lib/api-client';

/** A console left open sees a difference the periodic comparison finds. */
const REFRESH_MS = 5 * 60_000;

/** The differences between the ledger and the payment processor that are still open. */
export const useReconciliation = () =>
  useQuery({
    queryKey: ['admin', 'reconciliation'],
    queryFn: ({ signal }) =>
      apiRequest<{ differences: ReconciliationDifference[] }>('/admin/reconciliation', {
        signal,
      }),
    refetchInterval: REFRESH_MS,
  });
