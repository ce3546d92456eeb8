import type { BookingReview } from '@vroum/core/admin';
import type { Queryable } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { findBookingForSteps } from '../bookings/booking-reads.service';
import { findRentalReview, insertRentalReview, type RentalReviewRow } from './reviews.repository';

/** The signed-in owner's booking (a stranger gets the same 404 as for no booking). */
async function ownBooking(db: Queryable, userId: string, bookingId: string) {
  const booking = await findBookingForSteps(db, bookingId);
  if (!booking || booking.userId !== userId) {
    throw notFound('Réservation introuvable', 'booking_not_found');
  }
  return booking;
}

const toReview = (row: RentalReviewRow | null): BookingReview => ({
  review: row
    ? { id: row.id, rating: row.rating, comment: row.comment, isPublished: row.is_published }
    : null,
});

export async function bookingReview(
  db: Queryable,
  userId: string,
  bookingId: string,
): Promise<BookingReview> {
  await ownBooking(db, userId, bookingId);
  return toReview(await findRentalReview(db, bookingId));
}

/**
 * The renter reviews the car of their completed rental: once per rental, marked verified since
 * it comes from a real rental; an administrator publishes it as any review.
 */
export async function reviewRental(
  db: Queryable,
  userId: string,
  bookingId: string,
  review: { rating: number; comment: string },
): Promise<BookingReview> {
  const booking = await ownBooking(db, userId, bookingId);
  if (booking.bookingStatus !== 'completed') {
    throw new AppError(
      'rental_not_completed',
      'Vous pourrez donner votre avis une fois la location terminée.',
      409,
    );
  }
  const written = await insertRentalReview(db, {
    userId,
    vehicleId: booking.vehicleId,
    bookingId,
    ...review,
  });
  if (!written) {
    throw new AppError(
      'already_reviewed',
      'Vous avez déjà donné votre avis sur cette location.',
      409,
    );
  }
  return toReview(written);
}
