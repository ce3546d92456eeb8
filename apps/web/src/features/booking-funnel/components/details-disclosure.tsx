import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/**
 * The foot of a plan or an option: its 'Détails' toggle (WAI-ARIA disclosure: aria-expanded)
 * and the details it shows or hides.
 */
export function DetailsDisclosure({
  expanded,
  subject,
  onToggle,
  className,
  children,
}: {
  expanded: boolean;
  /** Read after 'Détails' by screen readers, to tell the buttons apart. */
  subject: string;
  onToggle: () => void;
  /** The foot's padding, to line the toggle up with the text above it. */
  className: string;
  children: ReactNode;
}) {
  const detailsId = useId();
  return (
    <div className={clsx('border-t border-mist/70 py-1', className)}>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={onToggle}
        className="-ml-2 inline-flex min-h-9 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-gold-deep underline-offset-4 hover:underline"
      >
        Détails<span className="sr-only"> : {subject}</span>
        <ChevronDown
          aria-hidden="true"
          className={clsx('h-4 w-4 transition-transform', expanded && 'rotate-180')}
        />
      </button>
      <div id={detailsId} hidden={!expanded} className="pb-4">
        {children}
      </div>
    </div>
  );
}
