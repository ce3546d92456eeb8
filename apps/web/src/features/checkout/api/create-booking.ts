import type { CreateBookingRequest, PaymentStart } from '@vroum/core/checkout';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/bookings: creates the booking (the car is held 15 min) and its payment intent.
 * The Idempotency-Key is the checkout attempt's: a retry with it returns the same booking.
 */
export function createBooking(
  request: CreateBookingRequest,
  idempotencyKey: string,
): Promise<PaymentStart> {
  return apiRequest<PaymentStart>('/bookings', {
    method: 'POST',
    body: request,
    headers: { 'idempotency-key': idempotencyKey },
  });
}
