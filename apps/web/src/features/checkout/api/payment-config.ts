import { useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@vroum/core/checkout';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/payments/config: which card form to show (it changes only with a redeploy). */
export const usePaymentConfig = () =>
  useQuery({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => apiRequest<PaymentConfig>('/payments/config', { signal }),
    staleTime: Infinity,
  });
