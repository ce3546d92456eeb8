import type { BookingDetail } from '@vroum/core/booking';
import type {
  ExtensionCardStart,
  ExtensionOutcome,
  ExtensionQuote,
} from '@vroum/core/rental-extension';
import { apiRequest } from '../../../lib/api-client';

const base = (bookingId: string) => `/bookings/${encodeURIComponent(bookingId)}`;

/** The booking being extended (the same answer, and cache entry, as the booking's page). */
export const fetchExtendedBooking = (bookingId: string, signal?: AbortSignal) =>
  apiRequest<BookingDetail>(base(bookingId), { signal });

/** The price of keeping the car until `returnDate`, or the French refusal (car taken…). */
export const fetchExtensionQuote = (bookingId: string, returnDate: string, signal?: AbortSignal) =>
  apiRequest<ExtensionQuote>(
    `${base(bookingId)}/extension?returnDate=${encodeURIComponent(returnDate)}`,
    { signal },
  );

/** The extension's card payment: its days held for the customer while they pay. */
export const startExtensionPayment = (bookingId: string, returnDate: string) =>
  apiRequest<ExtensionCardStart>(`${base(bookingId)}/extension/card-payment`, {
    method: 'POST',
    body: { returnDate },
  });

/** Once the card (and its 3-D Secure challenge) is done: the server reads the payment again. */
export const confirmExtensionPayment = (bookingId: string, intentId: string) =>
  apiRequest<ExtensionOutcome>(`${base(bookingId)}/extension/card-payment/confirmation`, {
    method: 'POST',
    body: { intentId },
  });
