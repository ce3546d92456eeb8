import { useQuery } from '@tanstack/react-query';
import type { BookingStatus, PaymentStatus } from '@vroum/core/booking';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';

/** The booking behind a payment intent, as the server settled it from the processor. */
export interface PaymentOutcome {
  bookingId: string;
  reference: string;
  bookingStatus: BookingStatus;
  paymentStatus: PaymentStatus;
  lastError: string | null;
}

const paymentPath = (intentId: string) => `/payments/${encodeURIComponent(intentId)}`;

/** POST …/capture: captures the authorised rental amount and confirms the booking. */
export const captureRentalPayment = (intentId: string) =>
  apiRequest<PaymentOutcome>(`${paymentPath(intentId)}/capture`, { method: 'POST' });

/** Still waiting for the processor: the page asks again every 3 s. */
export const isPendingOutcome = (outcome: PaymentOutcome) =>
  outcome.paymentStatus === 'pending' && outcome.bookingStatus === 'pending';

/** GET /api/v1/payments/:intentId (signed-in owner), refreshed every 3 s while pending. */
export const usePaymentOutcome = (intentId: string, enabled: boolean, polling: boolean) =>
  useQuery({
    queryKey: ['payment', intentId],
    queryFn: ({ signal }) => apiRequest<PaymentOutcome>(paymentPath(intentId), { signal }),
    enabled,
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
    refetchInterval: (query) =>
      polling && query.state.data && isPendingOutcome(query.state.data) ? 3000 : false,
  });
