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

/**
 * A renter's review of their rental: verified, since it comes from a real rental. Null when the
 * rental already has its review (one per rental, held by a unique index).
 */
export async function insertRentalReview(
  db: Queryable,
  review: { userId: string; vehicleId: string; bookingId: string; rating: number; comment: string },
): Promise<RentalReviewRow | null> {
  const { rows } = await db.query<RentalReviewRow>(
    `insert into reviews (user_id, vehicle_id, booking_id, rating, comment, is_verified)
     values ($1, $2, $3, $4, $5, true)
     on conflict (booking_id) where booking_id is not null do nothing
     returning id, rating, comment, is_published`,
    [review.userId, review.vehicleId, review.bookingId, review.rating, review.comment],
  );
  return rows[0] ?? null;
}

export interface PublicReviewRow {
  id: string;
  rating: number;
  comment: string;
  author_name: string | null;
  is_verified: boolean;
  created_at: Date;
}

/** A vehicle's 50 newest published reviews; an author shows as first name and initial. */
export async function findPublishedReviews(
  db: Queryable,
  vehicleId: string,
): Promise<PublicReviewRow[]> {
  const { rows } = await db.query<PublicReviewRow>(
    `select r.id, r.rating, r.comment, r.is_verified, r.created_at,
            nullif(trim(concat_ws(' ', p.first_name,
              case when p.last_name is not null and p.last_name <> ''
                   then left(p.last_name, 1) || '.' end)), '') as author_name
       from reviews r left join profiles p on p.user_id = r.user_id
      where r.vehicle_id = $1 and r.is_published
      order by r.created_at desc limit 50`,
    [vehicleId],
  );
  return rows;
}

/**
 * A customer's review of a vehicle, unpublished: linked to their latest completed rental of this
 * car not yet reviewed, and verified, when there is one.
 */
export async function insertVehicleReview(
  db: Queryable,
  review: { userId: string; vehicleId: string; rating: number; comment: string },
): Promise<PublicReviewRow & { is_published: boolean }> {
  // A rental reviewed at the same instant by another request keeps that review: the next try
  // finds the next rental not yet reviewed, or none (and a review without a rental always goes in).
  for (;;) {
    const { rows } = await db.query<PublicReviewRow & { is_published: boolean }>(
      `with rental as (select b.id from bookings b
                        where b.user_id = $1 and b.vehicle_id = $2
                          and b.booking_status = 'completed'
                          and not exists (select 1 from reviews r where r.booking_id = b.id)
                        order by b.return_date desc limit 1)
       insert into reviews (user_id, vehicle_id, booking_id, rating, comment, is_verified)
       values ($1, $2, (select id from rental), $3, $4, exists (select 1 from rental))
       on conflict (booking_id) where booking_id is not null do nothing
       returning id, rating, comment, is_verified, is_published, created_at, null as author_name`,
      [review.userId, review.vehicleId, review.rating, review.comment],
    );
    if (rows[0]) return rows[0];
  }
}
