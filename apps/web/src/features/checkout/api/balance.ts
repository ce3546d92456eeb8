import type {
  BalanceCardOutcome,
  BalanceCardStart,
  BalanceState,
} from '@vroum/core/return-disputes';
import { apiRequest } from '../../../lib/api-client';

const base = (bookingId: string) => `/bookings/${encodeURIComponent(bookingId)}/balance`;

export const fetchBalance = (bookingId: string, signal?: AbortSignal) =>
  apiRequest<BalanceState>(base(bookingId), { signal });

/** The card payment of the balance: the same one while it is open (two tabs share it). */
export const startBalancePayment = (bookingId: string) =>
  apiRequest<BalanceCardStart>(`${base(bookingId)}/card-payment`, { method: 'POST' });

/** Once the card (and its 3-D Secure challenge) is done: the server reads the payment again. */
export const confirmBalancePayment = (bookingId: string, intentId: string) =>
  apiRequest<BalanceCardOutcome>(`${base(bookingId)}/card-payment/confirmation`, {
    method: 'POST',
    body: { intentId },
  });
