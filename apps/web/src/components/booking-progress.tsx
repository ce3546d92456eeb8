import { clsx } from 'clsx';
import { Check } from 'lucide-react';

const STEPS = ['Véhicule', 'Protection', 'Options', 'Paiement'] as const;

/**
 * The 4-step progress bar of the booking funnel: Véhicule, Protection, Options, Paiement. The
 * current step carries aria-current="step"; earlier steps are marked as done. It is the one
 * progress indication of the journey: checkout names its own step as the detail.
 */
export function BookingProgress({
  current,
  detail,
}: {
  current: 1 | 2 | 3 | 4;
  /** Where the customer is within the current step (checkout's 'Conducteur · 1/3'). */
  detail?: string;
}) {
  return (
    <nav aria-label="Étapes de la réservation">
      <ol className="flex items-start">
        {STEPS.map((label, index) => {
          const step = index + 1;
          const done = step < current;
          const active = step === current;
          return (
            <li
              key={label}
              aria-current={active ? 'step' : undefined}
              className="relative flex min-w-0 flex-1 flex-col items-center gap-2 text-center"
            >
              {index > 0 && (
                <span
                  aria-hidden="true"
                  className={clsx(
                    'absolute top-4 right-1/2 h-px w-full -translate-y-1/2',
                    step <= current ? 'bg-gold-deep' : 'bg-mist',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={clsx(
                  'relative z-10 inline-flex h-8 w-8 items-center justify-center rounded-full text-sm font-semibold ring-4 ring-paper',
                  done && 'bg-gold text-ink',
                  active && 'bg-ink text-gold',
                  !done && !active && 'border border-mist bg-paper text-stone',
                )}
              >
                {done ? <Check className="h-4 w-4" strokeWidth={3} /> : step}
              </span>
              <span
                className={clsx(
                  'max-w-full truncate text-xs sm:text-sm',
                  active ? 'font-semibold text-ink' : done ? 'text-graphite' : 'text-stone',
                )}
              >
                <span className="sr-only">Étape {step} : </span>
                {label}
                {done && <span className="sr-only"> (terminée)</span>}
                {active && <span className="sr-only"> (en cours)</span>}
              </span>
              {active && detail && (
                <span className="-mt-1 text-xs text-gold-deep">
                  <span className="sr-only">, </span>
                  {detail}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
