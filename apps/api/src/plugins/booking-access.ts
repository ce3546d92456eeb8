import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../lib/app-error';
import { isAdmin, requireUser, type SessionUser } from './session';

/** A booking as its guards and its after-payment steps read it. */
export interface BookingForSteps {
  id: string;
  reference: string;
  vehicleId: string;
  userId: string;
  bookingStatus: 'pending' | 'confirmed' | 'active' | 'completed' | 'cancelled';
  isSupercar: boolean;
  pickupDate: Date;
  returnDate: Date;
  driver: { dateOfBirth: string; licenseIssueDate: string } | null;
  customerEmail: string;
}

/**
 * What the booking guards read, wired by the composition root to the bookings module (the
 * plugins never import a module): a booking with an owner, and whether an agent is sent to it.
 */
export interface BookingAccessPort {
  find(bookingId: string): Promise<BookingForSteps | null>;
  isAgentOf(bookingId: string, userId: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bookingAccess: BookingAccessPort;
  }
}

export interface BookingAccess {
  user: SessionUser;
  admin: boolean;
  booking: BookingForSteps;
}

const bookingNotFound = () =>
  notFound('Aucune réservation ne correspond à ce numéro.', 'booking_not_found');

/**
 * The signed-in owner of the booking, or an administrator: nobody else reaches its identity
 * check or its contract (a stranger gets the same 404 as for a booking that does not exist).
 */
export async function requireBookingAccess(
  request: FastifyRequest,
  bookingId: string,
): Promise<BookingAccess> {
  const user = await requireUser(request);
  const booking = await request.server.bookingAccess.find(bookingId);
  const admin = booking !== null && booking.userId !== user.id && (await isAdmin(request, user.id));
  if (!booking || (booking.userId !== user.id && !admin)) throw bookingNotFound();
  return { user, admin, booking };
}

/**
 * The booking's own customer, signed in: what only they may do (pay a balance, extend the
 * rental). Anyone else, an administrator too, gets the 404 of a booking that does not exist.
 */
export async function requireBookingOwner(
  request: FastifyRequest,
  bookingId: string,
): Promise<BookingAccess> {
  const access = await requireBookingAccess(request, bookingId);
  if (access.booking.userId !== access.user.id) throw bookingNotFound();
  return access;
}

/** The steps are taken once the rental is paid, and until the car is handed over. */
export function assertStepsOpen(booking: BookingForSteps): void {
  if (booking.bookingStatus !== 'confirmed') {
    throw new AppError(
      'booking_not_confirmed',
      booking.bookingStatus === 'pending'
        ? 'Cette étape sera disponible une fois le paiement confirmé.'
        : 'Cette réservation n’attend plus cette étape.',
      409,
    );
  }
}

/**
 * The contract is signed once the rental is paid and until the handover, and again during the
 * rental when an extension amended it (its current version is then unsigned).
 */
export function assertContractOpen(booking: BookingForSteps): void {
  if (booking.bookingStatus !== 'active') assertStepsOpen(booking);
}

/** A booking named in a route's path: its id, or the French 400 of a wrong one. */
export const BookingIdParams = z.object({
  id: z.uuid({ error: 'Numéro de réservation invalide' }),
});
