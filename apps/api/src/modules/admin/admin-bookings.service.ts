import type { AdminBooking, AdminBookingPage, AdminBookingStatus } from '@vroum/core/admin';
import type { RefundablePayment } from '@vroum/core/refunds';
import type { Queryable } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import { recordBalancePayment } from '../bookings/balance-payment.service';
import { changeBookingStatus } from '../bookings/booking-lifecycle.service';
import type { BookingOpsDeps } from '../bookings/booking-money.service';
import { refundablePayments, refundRental } from '../bookings/refunds.service';
import {
  selectAdminBooking,
  selectAdminBookingPage,
  type BookingFilter,
} from './admin-bookings.repository';

/** The bookings list of the console; a period must end after it starts. */
export async function listAdminBookings(
  db: Queryable,
  filter: BookingFilter,
): Promise<AdminBookingPage> {
  if (filter.from && filter.to && filter.to < filter.from) {
    throw badRequest('La date de fin doit être postérieure à la date de début.', 'to');
  }
  return selectAdminBookingPage(db, filter);
}

export async function findAdminBooking(db: Queryable, id: string): Promise<AdminBooking> {
  const booking = await selectAdminBooking(db, id);
  if (!booking) throw notFound('Réservation introuvable', 'booking_not_found');
  return booking;
}

/**
 * The administrator moves a booking along its lifecycle from the status selector (the bookings
 * module decides what is allowed and releases what the booking holds).
 */
export async function setBookingStatus(
  deps: BookingOpsDeps,
  actorUserId: string,
  id: string,
  status: AdminBookingStatus,
): Promise<AdminBooking> {
  await changeBookingStatus(deps, { bookingId: id, to: status, actorUserId });
  return findAdminBooking(deps.db, id);
}

/**
 * A refund is its own confirmed action (never a side effect of a status), once per key: from the
 * payment the administrator names (the rental, an extension…), or split over the booking's
 * payments, the latest first.
 */
export async function refundBooking(
  deps: BookingOpsDeps,
  actorUserId: string,
  id: string,
  request: { amountCents: number; paymentId?: number | undefined },
  idempotencyKey: string,
): Promise<AdminBooking> {
  await findAdminBooking(deps.db, id);
  await refundRental(deps, {
    bookingId: id,
    actorUserId,
    amountCents: request.amountCents,
    ...(request.paymentId === undefined ? {} : { paymentId: request.paymentId }),
    key: `booking:${id}:admin-refund:${idempotencyKey}`,
  });
  return findAdminBooking(deps.db, id);
}

/** The booking's payments a refund can give back, with what remains on each. */
export async function listRefundablePayments(
  deps: BookingOpsDeps,
  id: string,
): Promise<{ payments: RefundablePayment[] }> {
  await findAdminBooking(deps.db, id);
  return { payments: await refundablePayments(deps.db, id, deps.payments.name) };
}

/** The balance the card refused, paid another way: recorded once per key, never beyond it. */
export async function recordBalancePaid(
  deps: BookingOpsDeps,
  actorUserId: string,
  id: string,
  input: { amountCents: number; note: string },
  idempotencyKey: string,
): Promise<AdminBooking> {
  await recordBalancePayment(deps, {
    bookingId: id,
    actorUserId,
    ...input,
    key: `booking:${id}:balance-paid:${idempotencyKey}`,
  });
  return findAdminBooking(deps.db, id);
}
