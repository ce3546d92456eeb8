import { useState } from 'react';
import { useForm, type FieldErrors } from '../../../components/form/use-form';
import { inputClass } from '../../../components/ui/field';
import { DecimalInput } from './decimal-input';
import { FormActions } from './form-parts';
import { centsToEuros, eurosToCents } from './money';

/**
 * The form of a confirmed money action: an amount in euros (at most `maxCents`), optionally the
 * reason, and one idempotency key for the dialog, so a retried click acts once.
 */
export function MoneyActionForm({
  name,
  summary,
  amountLabel,
  maxCents,
  initialCents,
  tooMuch,
  invalidAmount,
  reason: reasonField,
  submitLabels,
  pending,
  onSubmit,
  onCancel,
}: {
  name: string;
  summary: string;
  amountLabel: string;
  maxCents: number;
  /** The amount the field starts with (empty when the team must type it). */
  initialCents?: number;
  tooMuch: string;
  invalidAmount: string;
  /** Asks for the reason too (at least 3 characters), with its label and the error when short. */
  reason?: { label: string; tooShort: string };
  submitLabels: readonly [string, string];
  pending: boolean;
  onSubmit: (
    input: { amountCents: number; reason: string },
    idempotencyKey: string,
    done: () => void,
  ) => void;
  onCancel: () => void;
}) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const { busy, submit, field, bind } = useForm({
    idPrefix: name.toLowerCase().replace(/\W+/g, '-'),
    initial: {
      amount: initialCents === undefined ? '' : centsToEuros(initialCents),
      reason: '',
    },
    check: ({ amount, reason }) => {
      const cents = eurosToCents(amount);
      const errors: FieldErrors = {};
      if (cents === undefined || !Number.isInteger(cents) || cents <= 0)
        errors.amount = invalidAmount;
      else if (cents > maxCents) errors.amount = tooMuch;
      if (reasonField && reason.trim().length < 3) errors.reason = reasonField.tooShort;
      return cents === undefined || Object.keys(errors).length > 0
        ? { ok: false, errors }
        : { ok: true, input: { amountCents: cents, reason: reason.trim() } };
    },
    save: (input) => onSubmit(input, idempotencyKey, onCancel),
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label={name}>
      <p className="text-sm text-graphite">{summary}</p>
      {field('amount', amountLabel, (props) => (
        <DecimalInput {...props} {...bind('amount')} />
      ))}
      {reasonField &&
        field('reason', reasonField.label, (props) => (
          <textarea
            {...props}
            {...bind('reason')}
            rows={3}
            maxLength={500}
            className={`${inputClass.replace('h-12', 'min-h-24')} py-3`}
          />
        ))}
      <FormActions busy={pending || busy} onCancel={onCancel} labels={submitLabels} />
    </form>
  );
}
