import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';
import { centsToEuros, eurosToCents } from './money';
import { FieldError } from './states';
import { DecimalInput } from './decimal-input';

/**
 * The form of a confirmed money action: an amount in euros (at most `maxCents`), optionally the
 * reason, and one idempotency key for the dialog, so a retried click acts once.
 */
export function MoneyActionForm({
  name,
  summary,
  amountLabel,
  maxCents,
  tooMuch,
  invalidAmount,
  reasonLabel,
  submitLabels: [submitLabel, pendingLabel],
  pending,
  onSubmit,
  onCancel,
}: {
  name: string;
  summary: string;
  amountLabel: string;
  maxCents: number;
  tooMuch: string;
  invalidAmount: string;
  /** Asks for the reason too (at least 3 characters). */
  reasonLabel?: string;
  submitLabels: readonly [string, string];
  pending: boolean;
  onSubmit: (
    input: { amountCents: number; reason: string },
    idempotencyKey: string,
    done: () => void,
  ) => void;
  onCancel: () => void;
}) {
  const [amount, setAmount] = useState(reasonLabel ? '' : centsToEuros(maxCents));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const id = name.toLowerCase().replace(/\W+/g, '-');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = eurosToCents(amount);
    const next: { amount?: string; reason?: string } = {};
    if (cents === undefined || !Number.isInteger(cents) || cents <= 0) next.amount = invalidAmount;
    else if (cents > maxCents) next.amount = tooMuch;
    if (reasonLabel && reason.trim().length < 3) {
      next.reason = 'Décrivez le dommage constaté (3 caractères au moins).';
    }
    setErrors(next);
    if (next.amount || next.reason || cents === undefined) return;
    onSubmit({ amountCents: cents, reason: reason.trim() }, idempotencyKey, onCancel);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label={name}>
      <p className="text-sm text-graphite">{summary}</p>
      <div>
        <label htmlFor={`${id}-amount`} className={labelClass}>
          {amountLabel}
        </label>
        <DecimalInput
          id={`${id}-amount`}
          value={amount}
          aria-invalid={Boolean(errors.amount)}
          aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
        <FieldError id={`${id}-amount-error`} message={errors.amount} />
      </div>
      {reasonLabel && (
        <div>
          <label htmlFor={`${id}-reason`} className={labelClass}>
            {reasonLabel}
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={500}
            className={`${inputClass.replace('h-12', 'min-h-24')} py-3`}
            value={reason}
            aria-invalid={Boolean(errors.reason)}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <FieldError id={`${id}-reason-error`} message={errors.reason} />
        </div>
      )}
      <div className="flex justify-end gap-3">
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
