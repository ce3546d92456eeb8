import type { AdminReview, ReviewUpdate } from '@vroum/core/admin';
import { BadgeCheck, Star } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatAdminDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAdminReviews, useUpdateReview } from '../api/admin-api';
import { badgeClass, errorMessage, QueryStates } from './states';

export function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex gap-0.5" role="img" aria-label={`${rating} sur 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`h-4 w-4 ${n <= rating ? 'fill-gold text-gold' : 'text-mist'}`}
        />
      ))}
    </span>
  );
}

/** Avis: Publier / Dépublier toggle publication; Vérifier cannot be undone. */
export function ReviewsTab() {
  const reviews = useAdminReviews();
  return (
    <div>
      <h2 className="font-display text-3xl text-ink">Avis</h2>
      <div className="mt-6">
        <QueryStates
          query={reviews}
          isEmpty={(data) => data.reviews.length === 0}
          empty="Aucun avis pour le moment."
        >
          {(data) => (
            <ul className="grid gap-3" aria-label="Avis">
              {data.reviews.map((review) => (
                <ReviewRow key={review.id} review={review} />
              ))}
            </ul>
          )}
        </QueryStates>
      </div>
    </div>
  );
}

/** What can be done to a review: publish it or take it down; verify it, once. */
function reviewActions(
  review: AdminReview,
): { label: string; change: ReviewUpdate; outline: boolean }[] {
  const publication = review.isPublished
    ? { label: 'Dépublier', change: { isPublished: false }, outline: true }
    : { label: 'Publier', change: { isPublished: true }, outline: false };
  const verification = { label: 'Vérifier', change: { isVerified: true as const }, outline: true };
  return review.isVerified ? [publication] : [publication, verification];
}

function ReviewRow({ review }: { review: AdminReview }) {
  const update = useUpdateReview();
  const apply = (change: ReviewUpdate) =>
    update.mutate(
      { id: review.id, update: change },
      {
        onSuccess: () => notify.success('Succès', 'Avis mis à jour'),
        onError: (error) => notify.error('Erreur', errorMessage(error)),
      },
    );
  return (
    <li
      aria-label={`Avis de ${review.authorName ?? 'client'} sur ${review.vehicleName}`}
      className="grid gap-3 rounded-2xl bg-paper p-4 ring-1 ring-mist md:grid-cols-[3fr_auto] md:items-center"
    >
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <Stars rating={review.rating} />
          <span className="text-sm font-semibold text-ink">{review.vehicleName}</span>
          <span className="text-xs text-stone">
            {review.authorName ?? 'Client'} · {formatAdminDate(review.createdAt)}
          </span>
        </div>
        <p className="mt-2 text-sm text-graphite">{review.comment}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <span
            className={`${badgeClass} ${
              review.isPublished ? 'bg-success/10 text-success' : 'bg-ink/10 text-ink'
            }`}
          >
            {review.isPublished ? 'Publié' : 'Non publié'}
          </span>
          {review.isVerified && (
            <span className={`${badgeClass} bg-gold-soft text-gold-deep`}>
              <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
              Vérifié
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {reviewActions(review).map(({ label, change, outline }) => (
          <Button
            key={label}
            variant={outline ? 'outline' : undefined}
            size="sm"
            disabled={update.isPending}
            onClick={() => apply(change)}
          >
            {label}
          </Button>
        ))}
      </div>
    </li>
  );
}
