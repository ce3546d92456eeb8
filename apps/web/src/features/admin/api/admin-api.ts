import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type {
  AdminBooking,
  AdminBookingPage,
  AdminBookingQuery,
  AdminBookingStatus,
  AdminReview,
  AdminReviewList,
  AdminUserPage,
  AdminVehicleInput,
  AdminVehicleList,
  BalancePaymentRequest,
  Promotion,
  PromotionInput,
  PromotionList,
  RefundRequest,
  ReviewUpdate,
  VehicleDeletion,
} from '@vroum/core/admin';
import type { OutboxMail, OutboxMailList } from '@vroum/core/mail';
import type { Vehicle } from '@vroum/core/vehicle';
import { apiRequest } from '../../../lib/api-client';

export const ADMIN_KEYS = {
  vehicles: ['admin', 'vehicles'] as const,
  bookings: ['admin', 'bookings'] as const,
  users: ['admin', 'users'] as const,
  reviews: ['admin', 'reviews'] as const,
  promotions: ['admin', 'promotions'] as const,
  mails: ['admin', 'mails'] as const,
};

function useInvalidate(key: QueryKey) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

// Vehicles ---------------------------------------------------------------------------------------

export const useAdminVehicles = () =>
  useQuery({
    queryKey: ADMIN_KEYS.vehicles,
    queryFn: ({ signal }) => apiRequest<AdminVehicleList>('/admin/vehicles', { signal }),
  });

export function useSaveVehicle() {
  const invalidate = useInvalidate(ADMIN_KEYS.vehicles);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AdminVehicleInput }) =>
      apiRequest<Vehicle>(id ? `/admin/vehicles/${id}` : '/admin/vehicles', {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteVehicle() {
  const invalidate = useInvalidate(ADMIN_KEYS.vehicles);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<VehicleDeletion>(`/admin/vehicles/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

// Bookings ---------------------------------------------------------------------------------------

export type BookingFilters = {
  [K in 'status' | 'from' | 'to' | 'q' | 'cursor']?: AdminBookingQuery[K] | undefined;
};

export const useAdminBookings = (filters: BookingFilters) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.bookings, filters],
    queryFn: ({ signal }) =>
      apiRequest<AdminBookingPage>('/admin/bookings', {
        query: { ...filters, limit: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useSetBookingStatus() {
  const invalidate = useInvalidate(ADMIN_KEYS.bookings);
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AdminBookingStatus }) =>
      apiRequest<AdminBooking>(`/admin/bookings/${id}/status`, {
        method: 'PATCH',
        body: { status },
      }),
    onSettled: invalidate,
  });
}

/** A confirmed money action on a booking: POST with its idempotency key, the booking back. */
function useBookingMoneyAction<Body>(action: 'refund' | 'balance-payment') {
  const invalidate = useInvalidate(ADMIN_KEYS.bookings);
  return useMutation({
    mutationFn: ({
      id,
      body,
      idempotencyKey,
    }: {
      id: string;
      body: Body;
      idempotencyKey: string;
    }) =>
      apiRequest<AdminBooking>(`/admin/bookings/${id}/${action}`, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    onSettled: invalidate,
  });
}

export const useRefundBooking = () => useBookingMoneyAction<RefundRequest>('refund');

/** What the card refused at the return, paid another way: recorded against the balance due. */
export const useRecordBalancePayment = () =>
  useBookingMoneyAction<BalancePaymentRequest>('balance-payment');

// Users ------------------------------------------------------------------------------------------

export const useAdminUsers = (query: { q?: string | undefined; page: number; pageSize: number }) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.users, query],
    queryFn: ({ signal }) =>
      apiRequest<AdminUserPage>('/admin/users', {
        query: { q: query.q, page: query.page, pageSize: query.pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

// Reviews ----------------------------------------------------------------------------------------

export const useAdminReviews = () =>
  useQuery({
    queryKey: ADMIN_KEYS.reviews,
    queryFn: ({ signal }) => apiRequest<AdminReviewList>('/admin/reviews', { signal }),
  });

export function useUpdateReview() {
  const invalidate = useInvalidate(ADMIN_KEYS.reviews);
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: ReviewUpdate }) =>
      apiRequest<AdminReview>(`/admin/reviews/${id}`, { method: 'PATCH', body: update }),
    onSuccess: invalidate,
  });
}

// Promotions -------------------------------------------------------------------------------------

export const useAdminPromotions = () =>
  useQuery({
    queryKey: ADMIN_KEYS.promotions,
    queryFn: ({ signal }) => apiRequest<PromotionList>('/admin/promotions', { signal }),
  });

export function useSavePromotion() {
  const invalidate = useInvalidate(ADMIN_KEYS.promotions);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PromotionInput }) =>
      apiRequest<Promotion>(id ? `/admin/promotions/${id}` : '/admin/promotions', {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: invalidate,
  });
}

export function useDeletePromotion() {
  const invalidate = useInvalidate(ADMIN_KEYS.promotions);
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/admin/promotions/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

// Demo mailbox -----------------------------------------------------------------------------------

/** Answers null when the server is not in demo mode (the mailbox endpoints then answer 404). */
export const useDemoMails = () =>
  useQuery({
    queryKey: ADMIN_KEYS.mails,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<OutboxMailList>('/admin/mails', {
          query: { pageSize: 20 },
          signal,
        });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });

export const useDemoMail = (id: string | null) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.mails, id],
    queryFn: ({ signal }) => apiRequest<OutboxMail>(`/admin/mails/${id}`, { signal }),
    enabled: id !== null,
  });
