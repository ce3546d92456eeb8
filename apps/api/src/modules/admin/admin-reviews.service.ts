import type { AdminReview, ReviewUpdate } from '@vroum/core/admin';
import type { Database, Queryable } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { writeAudit } from './audit';

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

export async function listAdminReviews(db: Queryable): Promise<AdminReview[]> {
  const { rows } = await db.query<AdminReviewRow>(
    `${SELECT} order by r.created_at desc, r.id desc limit 500`,
  );
  return rows.map(toReview);
}

/** Publier / Dépublier set is_published; Vérifier sets is_verified, which is never unset. */
export async function updateReview(
  db: Database,
  actorUserId: string,
  id: string,
  update: ReviewUpdate,
): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const before = await tx.query<{ is_published: boolean; is_verified: boolean }>(
      'select is_published, is_verified from reviews where id = $1 for update',
      [id],
    );
    if (!before.rows[0]) throw notFound('Avis introuvable', 'review_not_found');
    const after = await tx.query<{ is_published: boolean; is_verified: boolean }>(
      `update reviews set is_published = coalesce($2, is_published),
         is_verified = is_verified or coalesce($3, false)
       where id = $1 returning is_published, is_verified`,
      [id, update.isPublished ?? null, update.isVerified ?? null],
    );
    const snapshot = (row: { is_published: boolean; is_verified: boolean }) => ({
      isPublished: row.is_published,
      isVerified: row.is_verified,
    });
    await writeAudit(tx, {
      actorUserId,
      action:
        update.isVerified === true
          ? 'review.verify'
          : update.isPublished
            ? 'review.publish'
            : 'review.unpublish',
      entity: 'review',
      entityId: id,
      before: snapshot(before.rows[0]),
      after: snapshot(after.rows[0]!),
    });
    const { rows } = await tx.query<AdminReviewRow>(`${SELECT} where r.id = $1`, [id]);
    return toReview(rows[0]!);
  });
}
