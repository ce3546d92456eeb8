import type { AdminReview, ReviewUpdate } from '@vroum/core/admin';
import type { Database, Queryable } from '../../db/client';
import { notFound } from '../../lib/app-error';
import {
  findAdminReview,
  lockReviewFlags,
  selectAdminReviews,
  updateReviewFlags,
} from './admin-reviews.repository';
import { writeAudit } from '../audit/audit.service';

export const listAdminReviews = (db: Queryable): Promise<AdminReview[]> => selectAdminReviews(db);

/** Publier / Dépublier set is_published; Vérifier sets is_verified, which is never unset. */
export async function updateReview(
  db: Database,
  actorUserId: string,
  id: string,
  update: ReviewUpdate,
): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const before = await lockReviewFlags(tx, id);
    if (!before) throw notFound('Avis introuvable', 'review_not_found');
    const after = await updateReviewFlags(tx, id, update);
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
      before,
      after,
    });
    return (await findAdminReview(tx, id))!;
  });
}
