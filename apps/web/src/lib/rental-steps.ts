import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ContractSignRequest,
  ContractView,
  IdentityStep,
  IdentitySubmission,
  RentalSteps,
} from '@vroum/core/rental-steps';
import { apiRequest } from './api-client';

const base = (bookingId: string) => `/bookings/${encodeURIComponent(bookingId)}`;

/** A booking's after-payment steps (its owner or an admin; others get a 404). */
export const rentalStepsQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['booking', bookingId, 'steps'],
    queryFn: ({ signal }) => apiRequest<RentalSteps>(`${base(bookingId)}/steps`, { signal }),
    retry: false,
  });

export const useRentalSteps = (bookingId: string, enabled = true) =>
  useQuery({ ...rentalStepsQuery(bookingId), enabled: enabled && bookingId !== '' });

export const contractQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['booking', bookingId, 'contract'],
    queryFn: ({ signal }) => apiRequest<ContractView>(`${base(bookingId)}/contract`, { signal }),
    retry: false,
  });

/** Where the browser reads the contract to sign, or the signed one. */
export const contractDocumentUrl = (bookingId: string, signed = false) =>
  `/api/v1${base(bookingId)}/contract/document${signed ? '?signed=true' : ''}`;

export const submitIdentity = (bookingId: string, body: Omit<IdentitySubmission, 'bookingId'>) =>
  apiRequest<IdentityStep>(`${base(bookingId)}/identity`, { method: 'POST', body });

export const requestSigningCode = (bookingId: string) =>
  apiRequest<ContractView>(`${base(bookingId)}/contract/code`, { method: 'POST' });

export const signContract = (bookingId: string, body: ContractSignRequest) =>
  apiRequest<ContractView>(`${base(bookingId)}/contract/sign`, { method: 'POST', body });

/** Opens the hosted identity check (Stripe Identity) and returns the page to go to. */
export const startHostedIdentity = (bookingId: string) =>
  apiRequest<{ redirectUrl: string | null }>(`${base(bookingId)}/identity/session`, {
    method: 'POST',
  });

/** Sends the contract to the hosted signature provider (Yousign); its signing page comes back. */
export const startHostedSignature = (bookingId: string) =>
  apiRequest<ContractView>(`${base(bookingId)}/contract/hosted`, { method: 'POST' });
