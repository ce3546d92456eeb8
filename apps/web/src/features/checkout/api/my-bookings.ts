import { useQuery } from '@tanstack/react-query';
import type { MyBookings } from '@vroum/core/booking';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in user's bookings, to show the confirmed one's vehicle and dates. */
export const useMyBookings = (enabled: boolean) =>
  useQuery({
    queryKey: ['me', 'bookings'],
    queryFn: ({ signal }) => apiRequest<MyBookings>('/me/bookings', { signal }),
    enabled,
    staleTime: 0,
  });
