import {
  DISPUTE_OUTCOME_LABELS,
  DisputeDecisionRequest,
  type AdminDispute,
  type DisputeOutcome,
} from '@vroum/core/return-disputes';
import { useId } from 'react';
import { useFormState } from '../../../components/form/use-form-state';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';
import { FormProblem } from '../../../components/ui/form-problem';
import { formatEuros } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useDecideDispute } from '../api/disputes-api';
import { DecimalInput } from './decimal-input';
import { eurosToCents } from './money';
import { errorMessage } from './states';

const OUTCOMES: DisputeOutcome[] = ['keep', 'reduce', 'refund'];
const textareaClass = `${inputClass.replace('h-12', 'min-h-24')} py-3`;

/**
 * The decision on an open case: keep the charges, reduce them to an amount, or refund them in
 * full, always with the written answer the customer receives.
 */
export function DisputeDecisionForm({ dispute }: { dispute: AdminDispute }) {
  const ids = useId();
  const decide = useDecideDispute();
  const form = useFormState({
    initial: { outcome: null as DisputeOutcome | null, kept: '', answer: '' },
    check: ({ outcome, kept, answer }) => {
      const parsed = DisputeDecisionRequest.safeParse({
        outcome,
        keptCents: outcome === 'reduce' ? eurosToCents(kept) : undefined,
        answer,
      });
      return parsed.success
        ? { ok: true, input: parsed.data }
        : { ok: false, problem: parsed.error.issues[0]?.message ?? 'Vérifiez la décision.' };
    },
    save: (body) => decide.mutateAsync({ id: dispute.id, body }),
    onSaved: () => notify.success('Décision enregistrée', 'Le client en est informé.'),
    failed: { problem: errorMessage },
  });
  const { outcome } = form.values;

  return (
    <form
      onSubmit={form.submit}
      noValidate
      aria-label={`Décision sur la contestation ${dispute.reference}`}
      className="mt-5 grid gap-4 border-t border-mist pt-4"
    >
      <fieldset>
        <legend className={labelClass}>Décision</legend>
        <div className="flex flex-wrap gap-2">
          {OUTCOMES.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-4 text-sm ring-1 ring-mist has-checked:bg-ink has-checked:text-paper"
            >
              <input
                type="radio"
                name={`${ids}-outcome`}
                value={value}
                checked={outcome === value}
                onChange={() => form.set('outcome', value)}
                className="sr-only"
              />
              {DISPUTE_OUTCOME_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      {outcome === 'reduce' && (
        <div className="max-w-xs">
          <label htmlFor={`${ids}-kept`} className={labelClass}>
            Montant maintenu (sur {formatEuros(dispute.contestedCents)})
          </label>
          <DecimalInput id={`${ids}-kept`} {...form.bind('kept')} />
        </div>
      )}
      <div>
        <label htmlFor={`${ids}-answer`} className={labelClass}>
          Réponse au client
        </label>
        <textarea
          id={`${ids}-answer`}
          {...form.bind('answer')}
          rows={4}
          maxLength={2000}
          className={textareaClass}
        />
      </div>
      <FormProblem message={form.problem} />
      <Button type="submit" size="sm" disabled={form.busy} className="justify-self-start">
        {form.busy ? 'Enregistrement…' : 'Enregistrer la décision'}
      </Button>
    </form>
  );
}
