import { ReviewSubmission } from '@vroum/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { notify } from '../../../lib/toast';
import { fetchMyReview, sendReview } from '../api';
import { FormProblem } from '../../../components/ui/form-problem';
import { useFormState } from '../../../components/form/use-form-state';

/** After a completed rental, the renter rates the car (a verified review the team publishes). */
export function RentalReview({
  bookingId,
  vehicleName,
}: {
  bookingId: string;
  vehicleName: string;
}) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mine = useQuery({
    queryKey: ['booking', bookingId, 'review'],
    queryFn: ({ signal }) => fetchMyReview(bookingId, signal),
    enabled: user !== null,
    retry: false,
  });
  const form = useFormState({
    initial: { rating: 0, comment: '' },
    check: (review) => {
      const parsed = ReviewSubmission.safeParse(review);
      return parsed.success
        ? { ok: true, input: review }
        : { ok: false, problem: parsed.error.issues[0]?.message ?? 'Vérifiez votre avis.' };
    },
    save: (review) => sendReview(bookingId, review),
    onSaved: (saved) => {
      queryClient.setQueryData(['booking', bookingId, 'review'], saved);
      notify.success('Merci\u00a0!', 'Votre avis sera publié après relecture par notre équipe.');
    },
    failed: { problem: errorMessage },
  });
  const { rating } = form.values;
  if (!mine.data) return null;

  return (
    <section
      aria-labelledby="review-title"
      className="mt-8 rounded-3xl bg-paper p-6 ring-1 ring-mist"
    >
      <h2 id="review-title" className="font-display text-2xl text-ink">
        Votre avis sur la {vehicleName}
      </h2>
      {mine.data.review ? (
        <p className="mt-2 text-sm text-graphite">
          Merci pour votre avis ({mine.data.review.rating} sur 5).{' '}
          {mine.data.review.isPublished
            ? 'Il est publié sur la page du véhicule.'
            : 'Il sera publié après relecture par notre équipe.'}
        </p>
      ) : (
        <form onSubmit={form.submit} noValidate className="mt-3 grid gap-4">
          <fieldset>
            <legend className={labelClass}>Note</legend>
            <div className="flex gap-1">
              {[1, 2, 3, 4, 5].map((value) => (
                <label key={value} className="cursor-pointer">
                  <input
                    type="radio"
                    name={`rating-${bookingId}`}
                    value={value}
                    className="peer sr-only"
                    checked={rating === value}
                    onChange={() => form.set('rating', value)}
                  />
                  <span className="sr-only">
                    {value} {value > 1 ? 'étoiles' : 'étoile'}
                  </span>
                  <Star
                    aria-hidden="true"
                    className={`h-9 w-9 rounded peer-focus-visible:outline-2 peer-focus-visible:outline-gold ${
                      value <= rating ? 'fill-gold text-gold' : 'text-stone'
                    }`}
                  />
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label className={labelClass} htmlFor={`comment-${bookingId}`}>
              Votre commentaire
            </label>
            <textarea
              id={`comment-${bookingId}`}
              className={`${inputClass} h-28 py-3`}
              maxLength={1000}
              {...form.bind('comment')}
            />
          </div>
          <FormProblem message={form.problem} />
          <Button type="submit" className="w-fit" disabled={form.busy}>
            Envoyer mon avis
          </Button>
        </form>
      )}
    </section>
  );
}
