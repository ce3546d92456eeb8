import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * One term and its value in a `<dl>`, after a round icon. A single `<div>` is the only element
 * allowed between a `<dl>` and its `<dt>` and `<dd>`, so the icon goes inside the `<dt>`, hidden
 * from assistive technologies, and is drawn beside both in the wrapper's padding.
 */
export function IconFact({
  icon,
  label,
  children,
  onIvory = false,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  /** The list sits on the ivory background: the icon's disc is paper-coloured instead. */
  onIvory?: boolean;
}) {
  return (
    <div className="relative min-h-8 min-w-0 pl-11">
      <dt className="text-xs font-semibold tracking-wide text-stone uppercase">
        <span
          aria-hidden="true"
          className={clsx(
            'absolute top-0 left-0 inline-flex h-8 w-8 items-center justify-center rounded-full text-gold-deep ring-1 ring-mist',
            onIvory ? 'bg-paper' : 'bg-ivory',
          )}
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 font-medium break-words text-ink first-letter:uppercase">{children}</dd>
    </div>
  );
}
