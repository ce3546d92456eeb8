import type { BookingReview } from '@vroum/core/admin';
import type { BookingDetail } from '@vroum/core/booking';
import type { CancellationQuote } from '@vroum/core/cancellation';
import type { InvoicingDocumentList } from '@vroum/core/invoicing';
import type { BalanceState, DisputeState } from '@vroum/core/return-disputes';
import { apiRequest } from '../../lib/api-client';

export const lookupBooking = (bookingNumber: string, email: string) =>
  apiRequest<BookingDetail>('/bookings/lookup', {
    method: 'POST',
    body: { bookingNumber: bookingNumber.trim(), email: email.trim() },
  });

export const fetchBooking = (id: string, signal?: AbortSignal) =>
  apiRequest<BookingDetail>(`/bookings/${encodeURIComponent(id)}`, { signal });

export const fetchCancellationQuote = (id: string, signal?: AbortSignal) =>
  apiRequest<CancellationQuote>(`/bookings/${encodeURIComponent(id)}/cancellation`, { signal });

export const cancelBooking = (id: string) =>
  apiRequest<CancellationQuote>(`/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST' });

export const chooseReturnMode = (id: string, mode: 'address' | 'agency') =>
  apiRequest<void>(`/bookings/${encodeURIComponent(id)}/return-mode`, {
    method: 'PUT',
    body: { mode },
  });

export const fetchMyReview = (id: string, signal?: AbortSignal) =>
  apiRequest<BookingReview>(`/bookings/${encodeURIComponent(id)}/review`, { signal });

export const sendReview = (id: string, review: { rating: number; comment: string }) =>
  apiRequest<BookingReview>(`/bookings/${encodeURIComponent(id)}/review`, {
    method: 'POST',
    body: review,
  });

/** The booking's invoices and credit notes: its signed-in owner's only (a 404 for anyone else). */
export const fetchBookingInvoices = (id: string, signal?: AbortSignal) =>
  apiRequest<InvoicingDocumentList>(`/bookings/${encodeURIComponent(id)}/invoices`, { signal });

/** What the customer still owes after the return, and whether it is contested. */
export const fetchBalanceState = (id: string, signal?: AbortSignal) =>
  apiRequest<BalanceState>(`/bookings/${encodeURIComponent(id)}/balance`, { signal });

/** The return charges, until when they may be contested, and the dispute if any. */
export const fetchDisputeState = (id: string, signal?: AbortSignal) =>
  apiRequest<DisputeState>(`/bookings/${encodeURIComponent(id)}/dispute`, { signal });

/** One photo for the dispute, sent as the image itself; answers the id that names it. */
export const sendDisputePhoto = (id: string, file: File) =>
  apiRequest<{ photoId: string }>(`/bookings/${encodeURIComponent(id)}/dispute/photos`, {
    method: 'POST',
    blob: file,
  });

export const openDispute = (id: string, dispute: { reason: string; photoIds: string[] }) =>
  apiRequest<DisputeState>(`/bookings/${encodeURIComponent(id)}/dispute`, {
    method: 'POST',
    body: dispute,
  });
