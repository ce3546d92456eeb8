import type { Queryable } from '../../db/client';
import * as access from './booking-access.repository';
import * as detail from './booking-detail.repository';
import * as lifecycle from './booking-lifecycle.repository';
import * as bookings from './bookings.repository';
import * as allowance from './rental-allowance.repository';

// What the other modules (operations, reviews, the chat, fleet blocks) read of a booking: the
// bookings table is read and written through this module's repositories only. Each function
// takes the caller's transaction, so a lock taken here lasts until that transaction ends.

/** The booking as its after-payment steps need it (the handover, the return, the review). */
export async function findBookingForSteps(
  db: Queryable,
  bookingId: string,
): ReturnType<typeof access.findBookingForSteps> {
  return access.findBookingForSteps(db, bookingId);
}

/** A booking by id or 8-character reference whose e-mail matches (case-insensitive). */
export async function findBookingByNumberAndEmail(
  db: Queryable,
  bookingNumber: string,
  email: string,
): ReturnType<typeof detail.findBookingByNumberAndEmail> {
  return detail.findBookingByNumberAndEmail(db, bookingNumber, email);
}

/** The booking's state (a look: nothing is locked). */
export async function findBookingState(
  db: Queryable,
  bookingId: string,
): ReturnType<typeof lifecycle.findBookingState> {
  return lifecycle.findBookingState(db, bookingId);
}

/** The booking's state, its row locked until the transaction ends. */
export async function lockBookingState(
  tx: Queryable,
  bookingId: string,
): ReturnType<typeof lifecycle.lockBookingState> {
  return lifecycle.lockBookingState(tx, bookingId);
}

/** What a rental includes, as the return charges need it: its days and kilometres, its fee. */
export async function findRentalAllowance(
  db: Queryable,
  bookingId: string,
): ReturnType<typeof allowance.findRentalAllowance> {
  return allowance.findRentalAllowance(db, bookingId);
}

/**
 * Serialises the payment starts of one car until the transaction ends (a transaction-level
 * advisory lock keyed on the vehicle: other cars are not held up).
 */
export async function lockVehicleBookings(tx: Queryable, vehicleId: string): Promise<void> {
  await bookings.lockVehicleBookings(tx, vehicleId);
}
