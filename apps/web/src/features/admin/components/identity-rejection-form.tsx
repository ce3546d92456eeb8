import {
  IDENTITY_FILE_LABELS,
  IDENTITY_FILES_TO_REPLACE,
  IDENTITY_REJECTION_REASONS,
  IdentityFile,
  type IdentityDecision,
  type IdentityRejectionReason,
} from '@vroum/core/rental-steps';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';
import { FieldError } from '../../../components/form/form-field';

const REASONS = Object.entries(IDENTITY_REJECTION_REASONS) as [IdentityRejectionReason, string][];
const NOTE_MAX = 500;

/**
 * Refusing a check: the reason the customer will read, optionally a note, and the files the
 * customer must send again (ticked by the reason, which the reviewer may change).
 */
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
  const [files, setFiles] = useState<IdentityFile[]>([]);
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
    // The reason's own files go without saying: the server asks for them by default.
    const byReason = IDENTITY_FILES_TO_REPLACE[reason];
    const changed =
      files.length !== byReason.length || files.some((file) => !byReason.includes(file));
    onSubmit({
      decision: 'reject',
      reason,
      ...(trimmed ? { note: trimmed } : {}),
      ...(changed ? { files: IdentityFile.options.filter((file) => files.includes(file)) } : {}),
    });
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
          onChange={(e) => {
            const chosen = e.target.value as IdentityRejectionReason | '';
            setReason(chosen);
            setFiles(chosen ? IDENTITY_FILES_TO_REPLACE[chosen] : []);
          }}
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
      <fieldset>
        <legend className={labelClass}>Documents à renvoyer</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {IdentityFile.options.map((file) => (
            <label key={file} className="flex min-h-11 items-center gap-3 text-sm text-ink">
              <input
                type="checkbox"
                className="h-5 w-5 shrink-0 accent-[var(--color-gold-deep)]"
                checked={files.includes(file)}
                onChange={(e) =>
                  setFiles((current) =>
                    e.target.checked ? [...current, file] : current.filter((f) => f !== file),
                  )
                }
              />
              {IDENTITY_FILE_LABELS[file]}
            </label>
          ))}
        </div>
      </fieldset>
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
