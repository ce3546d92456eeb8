import { frenchSpacing } from '@vroum/core/french-typography';
import { BadgeCheck, Star } from 'lucide-react';
import { formatLongDate } from '../../../lib/format';
import { useVehicleReviews } from '../api/get-vehicle-reviews';

/** 'Avis clients': the published reviews; nothing at all while there are none. */
export function VehicleReviews({ slug }: { slug: string }) {
  const reviews = useVehicleReviews(slug);
  const list = reviews.data?.reviews ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="vehicle-reviews">
      <h2 id="vehicle-reviews" className="font-display text-3xl text-ink">
        Avis clients
      </h2>
      <ul className="mt-6 grid gap-4">
        {list.map((review) => (
          <li key={review.id} className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
            <div className="flex flex-wrap items-center gap-3">
              <span
                className="inline-flex gap-0.5"
                role="img"
                aria-label={`${review.rating} sur 5`}
              >
                {[1, 2, 3, 4, 5].map((n) => (
                  <Star
                    key={n}
                    aria-hidden="true"
                    className={`h-4 w-4 ${n <= review.rating ? 'fill-gold text-gold' : 'text-mist'}`}
                  />
                ))}
              </span>
              <span className="text-sm font-semibold text-ink">{review.authorName}</span>
              {review.isVerified && (
                <span className="inline-flex items-center gap-1 text-xs font-semibold text-success">
                  <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
                  Avis vérifié
                </span>
              )}
              <span className="text-xs text-stone">{formatLongDate(review.createdAt)}</span>
            </div>
            <p className="mt-2 text-sm leading-relaxed text-graphite">
              {frenchSpacing(review.comment)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
