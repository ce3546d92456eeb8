import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';

/** The 'Détails' toggle of a plan or an option (WAI-ARIA disclosure: aria-expanded). */
export function DisclosureButton({
  expanded,
  controls,
  subject,
  onToggle,
}: {
  expanded: boolean;
  controls: string;
  /** Read after 'Détails' by screen readers, to tell the buttons apart. */
  subject: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      className="-ml-2 inline-flex min-h-9 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-gold-deep underline-offset-4 hover:underline"
    >
      Détails<span className="sr-only"> : {subject}</span>
      <ChevronDown
        aria-hidden="true"
        className={clsx('h-4 w-4 transition-transform', expanded && 'rotate-180')}
      />
    </button>
  );
}
