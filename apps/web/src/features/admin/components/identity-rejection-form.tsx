import {
  IDENTITY_REJECTION_REASONS,
  type IdentityDecision,
  type IdentityRejectionReason,
} from '@vroum/core/rental-steps';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';
import { FieldError } from '../../../components/form/form-field';

const REASONS = Object.entries(IDENTITY_REJECTION_REASONS) as [IdentityRejectionReason, string][];
const NOTE_MAX = 500;

/** Refusing a check: the reason the customer will read, and optionally a note. */
export function IdentityRejectionForm({
  idPrefix,
  customerName,
  pending,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  customerName: string;
  pending: boolean;
  onSubmit: (decision: Extract<IdentityDecision, { decision: 'reject' }>) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<IdentityRejectionReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const reasonRef = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    reasonRef.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Choisissez le motif du refus.');
      reasonRef.current?.focus();
      return;
    }
    setError(undefined);
    const trimmed = note.trim();
    onSubmit({ decision: 'reject', reason, ...(trimmed ? { note: trimmed } : {}) });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Refuser la vérification de ${customerName}`}
      className="grid gap-4 rounded-2xl bg-ivory p-4 ring-1 ring-mist"
    >
      <div>
        <label htmlFor={`${idPrefix}-reason`} className={labelClass}>
          Motif
        </label>
        <select
          ref={reasonRef}
          id={`${idPrefix}-reason`}
          className={inputClass}
          value={reason}
          required
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${idPrefix}-reason-error` : undefined}
          onChange={(e) => setReason(e.target.value as IdentityRejectionReason | '')}
        >
          <option value="">Choisir un motif</option>
          {REASONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <FieldError id={`${idPrefix}-reason-error`} message={error} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-note`} className={labelClass}>
          Précisions (facultatif)
        </label>
        <textarea
          id={`${idPrefix}-note`}
          rows={3}
          maxLength={NOTE_MAX}
          className={`${inputClass.replace('h-12', 'min-h-24')} py-3`}
          value={note}
          aria-describedby={`${idPrefix}-note-hint`}
          onChange={(e) => setNote(e.target.value)}
        />
        <p id={`${idPrefix}-note-hint`} className="mt-1.5 text-xs text-stone">
          Le client lit le motif et ces précisions ({NOTE_MAX} caractères au plus).
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Refus...' : 'Confirmer le refus'}
        </Button>
      </div>
    </form>
  );
}
