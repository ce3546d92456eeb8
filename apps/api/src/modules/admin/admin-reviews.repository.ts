import type { AdminReview, ReviewUpdate } from '@vroum/core/admin';
import type { Queryable } from '../../db/client';

interface AdminReviewRow {
  id: string;
  rating: number;
  comment: string;
  is_published: boolean;
  is_verified: boolean;
  author_name: string | null;
  vehicle_name: string;
  created_at: Date;
}

/** What an administrator changes on a review. */
export interface ReviewFlags {
  isPublished: boolean;
  isVerified: boolean;
}

const SELECT = `select r.id, r.rating, r.comment, r.is_published, r.is_verified,
    coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), nullif(u.name, ''), u.email) as author_name,
    v.name as vehicle_name, r.created_at
  from reviews r join vehicles v on v.id = r.vehicle_id
  left join users u on u.id = r.user_id left join profiles p on p.user_id = r.user_id`;

const toReview = (row: AdminReviewRow): AdminReview => ({
  id: row.id,
  rating: row.rating,
  comment: row.comment,
  isPublished: row.is_published,
  isVerified: row.is_verified,
  authorName: row.author_name,
  vehicleName: row.vehicle_name,
  createdAt: row.created_at.toISOString(),
});

const toFlags = (row: { is_published: boolean; is_verified: boolean }): ReviewFlags => ({
  isPublished: row.is_published,
  isVerified: row.is_verified,
});

/** The 500 newest reviews, with their author and vehicle. */
export async function selectAdminReviews(db: Queryable): Promise<AdminReview[]> {
  const { rows } = await db.query<AdminReviewRow>(
    `${SELECT} order by r.created_at desc, r.id desc limit 500`,
  );
  return rows.map(toReview);
}

export async function findAdminReview(db: Queryable, id: string): Promise<AdminReview | null> {
  const { rows } = await db.query<AdminReviewRow>(`${SELECT} where r.id = $1`, [id]);
  return rows[0] ? toReview(rows[0]) : null;
}

/** The review's flags, locked until the transaction ends, or null. */
export async function lockReviewFlags(tx: Queryable, id: string): Promise<ReviewFlags | null> {
  const { rows } = await tx.query<{ is_published: boolean; is_verified: boolean }>(
    'select is_published, is_verified from reviews where id = $1 for update',
    [id],
  );
  return rows[0] ? toFlags(rows[0]) : null;
}

/** Sets is_published when given; is_verified can only become true. */
export async function updateReviewFlags(
  tx: Queryable,
  id: string,
  update: ReviewUpdate,
): Promise<ReviewFlags> {
  const { rows } = await tx.query<{ is_published: boolean; is_verified: boolean }>(
    `update reviews set is_published = coalesce($2, is_published),
       is_verified = is_verified or coalesce($3, false)
     where id = $1 returning is_published, is_verified`,
    [id, update.isPublished ?? null, update.isVerified ?? null],
  );
  return toFlags(rows[0]!);
}
