import type { ReactNode } from 'react';
import { TextField } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';

/** A list's search box, sent with its form's 'Rechercher' button. */
export function SearchField({
  id,
  label,
  value,
  onChange,
  placeholder,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}) {
  return (
    <>
      <TextField
        id={id}
        label={label}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={onChange}
        className={className}
      />
      <Button type="submit" variant="outline">
        Rechercher
      </Button>
    </>
  );
}

/** 'Page précédente' and 'Page suivante' under a list, with what lies between them. */
export function Pager({
  label,
  onPrevious,
  onNext,
  children,
}: {
  label: string;
  /** Null on the first page. */
  onPrevious: (() => void) | null;
  /** Null on the last page. */
  onNext: (() => void) | null;
  children?: ReactNode;
}) {
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={!onPrevious} onClick={() => onPrevious?.()}>
        Page précédente
      </Button>
      {children}
      <Button variant="outline" size="sm" disabled={!onNext} onClick={() => onNext?.()}>
        Page suivante
      </Button>
    </nav>
  );
}
