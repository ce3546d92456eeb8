import { useQuery } from '@tanstack/react-query';
import type { BusinessDashboard } from '@vroum/core/business-dashboard';
import { apiRequest } from '../../../lib/api-client';

/** A dashboard left open follows the day: the cases and the planning change by the minute. */
const REFRESH_MS = 60_000;

/** The administrator's dashboard for today in Paris (the server's day). */
export const useBusinessDashboard = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => apiRequest<BusinessDashboard>('/admin/dashboard', { signal }),
    enabled,
    refetchInterval: REFRESH_MS,
  });
