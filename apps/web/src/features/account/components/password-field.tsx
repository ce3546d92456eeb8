import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '../../../components/form/form-field';
import { inputClass } from '../../../components/ui/field';

export function PasswordField({
  id,
  label = 'Mot de passe',
  value,
  onChange,
  autoComplete,
  hint,
}: {
  id: string;
  /** 'Mot de passe' unless said otherwise. */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField id={id} label={label} hint={hint}>
      {(props) => (
        <div className="relative">
          <input
            {...props}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            required
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className={`${inputClass} pr-12`}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
            aria-pressed={visible}
            className="absolute top-1/2 right-2 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full text-stone hover:text-ink"
          >
            {visible ? (
              <EyeOff className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Eye className="h-4 w-4" aria-hidden="true" />
            )}
          </button>
        </div>
      )}
    </FormField>
  );
}
