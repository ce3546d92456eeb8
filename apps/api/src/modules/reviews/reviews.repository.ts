import type { Queryable } from '../../db/client';

export interface RentalReviewRow {
  id: string;
  rating: number;
  comment: string;
  is_published: boolean;
}

/** The review written for this rental, if any. */
export async function findRentalReview(
  db: Queryable,
  bookingId: string,
): Promise<RentalReviewRow | null> {
  const { rows } = await db.query<RentalReviewRow>(
    `select id, rating, comment, is_published from reviews where booking_id = $1
      order by created_at limit 1`,
    [bookingId],
  );
  return rows[0] ?? null;
}

/** A renter's review of their rental: verified, since it comes from a real rental. */
export async function insertRentalReview(
  db: Queryable,
  review: { userId: string; vehicleId: string; bookingId: string; rating: number; comment: string },
): Promise<RentalReviewRow> {
  const { rows } = await db.query<RentalReviewRow>(
    `insert into reviews (user_id, vehicle_id, booking_id, rating, comment, is_verified)
     values ($1, $2, $3, $4, $5, true)
     returning id, rating, comment, is_published`,
    [review.userId, review.vehicleId, review.bookingId, review.rating, review.comment],
  );
  return rows[0]!;
}
