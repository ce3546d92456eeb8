import type { ApiError } from '@vroum/core/api';
import type { CreateBookingRequest, PaymentStart } from '@vroum/core/checkout';
import { ApiRequestError } from '../../../lib/api-client';

/**
 * POST /api/v1/bookings: creates the booking (the car is held 15 min) and its payment intent.
 * The Idempotency-Key is the checkout attempt's: a retry with it returns the same booking.
 */
export async function createBooking(
  request: CreateBookingRequest,
  idempotencyKey: string,
): Promise<PaymentStart> {
  const response = await fetch('/api/v1/bookings', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(request),
  });
  const payload = (await response.json().catch(() => null)) as PaymentStart | ApiError | null;
  if (!response.ok) {
    const error = (payload as ApiError | null)?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? 'Une erreur est survenue',
      error?.field,
    );
  }
  return payload as PaymentStart;
}
