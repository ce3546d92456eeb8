import type { InputHTMLAttributes, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';

/** A field as wide as the console's two-column forms. */
export const WIDE = { className: 'md:col-span-2' };

/** The console's toast once a form is saved, then what follows it (the dialog closes). */
export const savedThen = (message: string, then: () => void) => () => {
  notify.success('Succès', message);
  then();
};

/** A checkbox and its label, side by side. */
export function Checkbox({
  className = '',
  children,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { children: ReactNode }) {
  return (
    <label className={`flex items-center gap-3 text-sm font-semibold text-ink ${className}`.trim()}>
      <input {...props} type="checkbox" className="h-5 w-5 accent-gold" />
      {children}
    </label>
  );
}

/** Cancel, then the submit button, which says the form is saving while it is. */
export function FormActions({
  busy,
  onCancel,
  labels: [label, busyLabel] = ['Enregistrer', 'Enregistrement...'],
  className = '',
}: {
  busy: boolean;
  onCancel: () => void;
  labels?: readonly [string, string];
  className?: string;
}) {
  return (
    <div className={`flex justify-end gap-3 ${className}`.trim()}>
      <Button variant="ghost" onClick={onCancel}>
        Annuler
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
