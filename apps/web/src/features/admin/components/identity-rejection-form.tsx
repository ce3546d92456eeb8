import {
  IDENTITY_FILE_LABELS,
  IDENTITY_FILES_TO_REPLACE,
  IDENTITY_REJECTION_REASONS,
  IdentityFile,
  type IdentityDecision,
  type IdentityRejectionReason,
} from '@vroum/core/rental-steps';
import { useEffect, useRef } from 'react';
import { useForm } from '../../../components/form/use-form';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';

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
  const reasonRef = useRef<HTMLSelectElement>(null);
  const { values, set, bind, errors, submit, field } = useForm({
    idPrefix,
    initial: { reason: '' as IdentityRejectionReason | '', note: '', files: [] as IdentityFile[] },
    check: ({ reason, note, files }) => {
      if (!reason) return { ok: false, errors: { reason: 'Choisissez le motif du refus.' } };
      const trimmed = note.trim();
      // The reason's own files go without saying: the server asks for them by default.
      const byReason = IDENTITY_FILES_TO_REPLACE[reason];
      const changed =
        files.length !== byReason.length || files.some((file) => !byReason.includes(file));
      return {
        ok: true,
        input: {
          decision: 'reject' as const,
          reason,
          ...(trimmed ? { note: trimmed } : {}),
          ...(changed
            ? { files: IdentityFile.options.filter((file) => files.includes(file)) }
            : {}),
        },
      };
    },
    save: (decision) => onSubmit(decision),
  });
  const { files } = values;

  useEffect(() => {
    reasonRef.current?.focus();
  }, []);
  // A refusal without its reason takes the reviewer back to the reason, on each try.
  useEffect(() => {
    if (errors.reason) reasonRef.current?.focus();
  }, [errors]);

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Refuser la vérification de ${customerName}`}
      className="grid gap-4 rounded-2xl bg-ivory p-4 ring-1 ring-mist"
    >
      {field('reason', 'Motif', (props) => (
        <select
          ref={reasonRef}
          {...props}
          className={inputClass}
          value={values.reason}
          required
          onChange={(e) => {
            const chosen = e.target.value as IdentityRejectionReason | '';
            set('reason', chosen);
            set('files', chosen ? IDENTITY_FILES_TO_REPLACE[chosen] : []);
          }}
        >
          <option value="">Choisir un motif</option>
          {REASONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      ))}
      {field(
        'note',
        'Précisions (facultatif)',
        (props) => (
          <textarea
            {...props}
            {...bind('note')}
            rows={3}
            maxLength={NOTE_MAX}
            className={`${inputClass.replace('h-12', 'min-h-24')} py-3`}
          />
        ),
        { hint: `Le client lit le motif et ces précisions (${NOTE_MAX} caractères au plus).` },
      )}
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
                  set(
                    'files',
                    e.target.checked ? [...files, file] : files.filter((f) => f !== file),
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
