import { DISPUTE_PHOTOS_MAX, DisputeRequest } from '@vroum/core/return-disputes';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';
import { FormProblem } from '../../../components/ui/form-problem';
import { useFormState } from '../../../components/form/use-form-state';
import { errorMessage } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { openDispute, sendDisputePhoto } from '../api';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const textareaClass = `${inputClass.replace('h-12', 'min-h-32')} py-3`;

/**
 * The customer contests the return charges: what they contest and why, with photos if they have
 * some (each sent as it is, decoded by the server). Opened from a disclosure, so the page stays
 * short for those who agree with the charges.
 */
export function DisputeForm({
  bookingId,
  contestUntil,
}: {
  bookingId: string;
  contestUntil: string;
}) {
  const ids = useId();
  const queryClient = useQueryClient();
  const form = useFormState({
    initial: { reason: '', photos: [] as File[] },
    check: (dispute) => {
      const parsed = DisputeRequest.safeParse({ reason: dispute.reason, photoIds: [] });
      return parsed.success
        ? { ok: true, input: dispute }
        : { ok: false, problem: parsed.error.issues[0]?.message ?? 'Vérifiez votre contestation.' };
    },
    save: async ({ reason, photos }) => {
      const photoIds: string[] = [];
      for (const photo of photos) photoIds.push((await sendDisputePhoto(bookingId, photo)).photoId);
      return openDispute(bookingId, { reason, photoIds });
    },
    onSaved: (state) => {
      queryClient.setQueryData(['booking', bookingId, 'dispute'], state);
      void queryClient.invalidateQueries({ queryKey: ['booking', bookingId, 'balance'] });
      notify.success(
        'Contestation envoyée',
        'Nous comparons les deux états des lieux et vous répondons par écrit.',
      );
    },
    failed: { problem: errorMessage },
  });
  const { reason, photos } = form.values;

  return (
    <details className="group mt-4 rounded-xl ring-1 ring-mist">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 text-sm font-semibold text-gold-deep">
        Contester ces frais (jusqu’au {formatLongDate(contestUntil)})
      </summary>
      <form onSubmit={form.submit} noValidate className="grid gap-4 border-t border-mist p-4">
        <p className="text-sm text-graphite">
          Dites-nous ce que vous contestez et pourquoi. Tant que votre contestation est examinée,
          rien de plus ne vous est demandé pour ces frais&nbsp;; vous recevez notre réponse écrite.
        </p>
        <div>
          <label htmlFor={`${ids}-reason`} className={labelClass}>
            Motif de la contestation
          </label>
          <textarea
            id={`${ids}-reason`}
            {...form.bind('reason')}
            rows={5}
            maxLength={2000}
            aria-invalid={form.problem !== null && reason.trim().length < 10}
            className={textareaClass}
          />
        </div>
        <div>
          <p className={labelClass} id={`${ids}-photos-label`}>
            Photos (facultatif, {DISPUTE_PHOTOS_MAX} au plus)
          </p>
          <label className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-4 text-sm font-semibold text-ink ring-1 ring-mist focus-within:ring-2 focus-within:ring-gold">
            Ajouter des photos
            <input
              type="file"
              accept={PHOTO_TYPES.join(',')}
              multiple
              aria-labelledby={`${ids}-photos-label`}
              onChange={(event) =>
                form.set(
                  'photos',
                  [...(event.target.files ?? [])]
                    .filter((file) => PHOTO_TYPES.includes(file.type))
                    .slice(0, DISPUTE_PHOTOS_MAX),
                )
              }
              className="sr-only"
            />
          </label>
          {photos.length > 0 && (
            <p className="mt-1 text-xs text-stone">
              {photos.length === 1 ? '1 photo jointe' : `${photos.length} photos jointes`}
              &nbsp;: {photos.map((photo) => photo.name).join(', ')}
            </p>
          )}
        </div>
        <FormProblem message={form.problem} />
        <Button type="submit" disabled={form.busy} className="justify-self-start">
          {form.busy ? 'Envoi…' : 'Envoyer ma contestation'}
        </Button>
      </form>
    </details>
  );
}
