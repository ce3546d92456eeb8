import { useQuery } from '@tanstack/react-query';
import type { BookingLedger } from '@vroum/core/ledger';
import type { RefundablePayments } from '@vroum/core/refunds';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEYS } from './admin-api';

/**
 * A booking's movements of money and its balances, read once its list is opened. Kept under the
 * bookings' key: a money action or a live change of the bookings reads it again.
 */
export const useBookingLedger = (bookingId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.bookings, bookingId, 'ledger'],
    queryFn: ({ signal }) =>
      apiRequest<BookingLedger>(`/admin/bookings/${bookingId}/ledger`, { signal }),
    enabled,
  });

/**
 * The booking's payments a refund can give back, with what remains on each, read while its
 * refund dialog is open (under the bookings' key, so a refund reads it again).
 */
export const useRefundablePayments = (bookingId: string | null) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.bookings, bookingId, 'payments'],
    queryFn: ({ signal }) =>
      apiRequest<RefundablePayments>(`/admin/bookings/${bookingId}/payments`, { signal }),
    enabled: bookingId !== null,
  });
