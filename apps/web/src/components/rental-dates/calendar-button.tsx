import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { buttonClass } from '../ui/button';
import type { RentalPeriodChoice } from './rental-dates-picker';

const RentalDatesDialog = lazy(() => import('./rental-dates-dialog'));
const loadDialog = () => void import('./rental-dates-dialog');

/**
 * The button at the end of a rental date field that opens the French rental calendar. The
 * calendar's code is not in the page's first load: it is fetched when the pointer or the focus
 * comes to the button, and shown when it is pressed.
 */
export function CalendarButton({
  withText = false,
  vehicleSlug,
  period,
  editing,
  onApply,
}: {
  /** A button with its words (under a refused period) rather than the field's icon. */
  withText?: boolean;
  vehicleSlug?: string;
  /** The chosen start and end (ISO instants, '' when not chosen). */
  period: RentalPeriodChoice;
  /** The field it is in: from the end's, the calendar waits for the end day. */
  editing: 'start' | 'end';
  onApply: (period: RentalPeriodChoice) => void;
}) {
  const [open, setOpen] = useState(false);
  const label =
    editing === 'start'
      ? 'Choisir les dates sur le calendrier'
      : 'Choisir la date de fin sur le calendrier';
  const button = useRef<HTMLButtonElement>(null);
  // Back to the button once the dialog has left the page (the page behind a modal is inert).
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={withText ? undefined : label}
        aria-haspopup="dialog"
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => setOpen(true)}
        className={
          withText
            ? buttonClass('outline', 'sm', 'text-ink')
            : 'absolute top-1/2 right-1 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full text-gold-deep hover:bg-ink/5 hover:text-ink'
        }
      >
        <CalendarDays className="h-5 w-5" aria-hidden="true" />
        {withText && 'Voir les dates libres'}
      </button>
      {open && (
        <Suspense fallback={null}>
          <RentalDatesDialog
            vehicleSlug={vehicleSlug}
            start={period.start}
            end={period.end}
            editing={editing}
            onApply={onApply}
            onClose={() => {
              refocus.current = true;
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
