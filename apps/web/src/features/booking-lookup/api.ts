import type { BookingDetail } from '@vroum/core/booking';
import { apiRequest } from '../../lib/api-client';

export const lookupBooking = (bookingNumber: string, email: string) =>
  apiRequest<BookingDetail>('/bookings/lookup', {
    method: 'POST',
    body: { bookingNumber: bookingNumber.trim(), email: email.trim() },
  });

export const fetchBooking = (id: string, signal?: AbortSignal) =>
  apiRequest<BookingDetail>(`/bookings/${encodeURIComponent(id)}`, { signal });
