import { Upload } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { hintClass, labelClass } from './field';

/**
 * The site's one file control: a real `<input type="file">` named by its visible French label,
 * drawn as a button ('Choisir un fichier') beside the chosen file's name, in place of the
 * browser's own control (which speaks the browser's language: 'Choose File'). The button is a
 * second label of the input, so it opens the picker; the input, visually hidden, keeps the
 * keyboard focus and shows its ring on the button. `capture` opens the phone's camera (a selfie, a licence) where the browser can.
 */
export function FileField({
  id,
  label,
  hint,
  action = 'Choisir un fichier',
  status,
  error,
  accept,
  capture,
  multiple = false,
  disabled = false,
  onFiles,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The button's words. */
  action?: string;
  /** What was chosen or received ('Reçu : permis.pdf'); 'Aucun fichier choisi' by default. */
  status?: ReactNode;
  error?: string | undefined;
  accept: string;
  capture?: InputHTMLAttributes<HTMLInputElement>['capture'];
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  className?: string;
}) {
  const described = [hint ? `${id}-hint` : '', `${id}-status`, error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={`${hintClass} mt-0 mb-2`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        type="file"
        accept={accept}
        capture={capture}
        multiple={multiple}
        disabled={disabled}
        className="peer sr-only"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file chosen again (after a refusal, a retry) is a new choice.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      {/* The button's look, opening the same input: hidden from screen readers, which reach the input itself. */}
      <label
        htmlFor={id}
        aria-hidden="true"
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-ink/20 bg-paper px-5 text-sm font-semibold text-ink transition-colors hover:bg-ink hover:text-paper peer-focus-visible:ring-2 peer-focus-visible:ring-gold peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
      >
        <Upload className="h-4 w-4" />
        {action}
      </label>
      <div id={`${id}-status`} aria-live="polite" className="mt-2 text-sm text-graphite">
        {status ?? 'Aucun fichier choisi'}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
