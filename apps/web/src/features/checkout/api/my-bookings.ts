import { useQuery } from '@tanstack/react-query';
import { myBookingsQuery } from '../../../lib/queries';

/** The signed-in user's bookings, to show the confirmed one's vehicle and dates. */
export const useMyBookings = (enabled: boolean) =>
  useQuery({ ...myBookingsQuery(), enabled, staleTime: 0 });
