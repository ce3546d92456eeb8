import type { BookingReview } from '@vroum/core/admin';
import type { Queryable } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';

interface ReviewRow {
  id: string;
  rating: number;
  comment: string;
  is_published: boolean;
}

/** The owner's completed booking and its review, if written. */
async function ownCompletedBooking(db: Queryable, userId: string, bookingId: string) {
  const { rows } = await db.query<{ vehicle_id: string; booking_status: string }>(
    'select vehicle_id, booking_status from bookings where id = $1 and user_id = $2',
    [bookingId, userId],
  );
  if (!rows[0]) throw notFound('Réservation introuvable', 'booking_not_found');
  return rows[0];
}

async function findReview(db: Queryable, bookingId: string): Promise<ReviewRow | null> {
  const { rows } = await db.query<ReviewRow>(
    `select id, rating, comment, is_published from reviews where booking_id = $1
      order by created_at limit 1`,
    [bookingId],
  );
  return rows[0] ?? null;
}

const toReview = (row: ReviewRow | null): BookingReview => ({
  review: row
    ? { id: row.id, rating: row.rating, comment: row.comment, isPublished: row.is_published }
    : null,
});

export async function bookingReview(
  db: Queryable,
  userId: string,
  bookingId: string,
): Promise<BookingReview> {
  await ownCompletedBooking(db, userId, bookingId);
  return toReview(await findReview(db, bookingId));
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
  const booking = await ownCompletedBooking(db, userId, bookingId);
  if (booking.booking_status !== 'completed') {
    throw new AppError(
      'rental_not_completed',
      'Vous pourrez donner votre avis une fois la location terminée.',
      409,
    );
  }
  if (await findReview(db, bookingId)) {
    throw new AppError(
      'already_reviewed',
      'Vous avez déjà donné votre avis sur cette location.',
      409,
    );
  }
  const { rows } = await db.query<ReviewRow>(
    `insert into reviews (user_id, vehicle_id, booking_id, rating, comment, is_verified)
     values ($1, $2, $3, $4, $5, true)
     returning id, rating, comment, is_published`,
    [userId, booking.vehicle_id, bookingId, review.rating, review.comment],
  );
  return toReview(rows[0]!);
}
