import { clsx } from 'clsx';
import { Check } from 'lucide-react';

export type CheckoutStep = 1 | 2 | 3;

const STEPS = ['Conducteur principal', 'Récapitulatif', 'Paiement sécurisé'] as const;

/** The three steps of the checkout form; the current one carries aria-current="step". */
export function CheckoutStepper({ current }: { current: CheckoutStep }) {
  return (
    <ol aria-label="Étapes du formulaire de réservation" className="grid grid-cols-3 gap-2">
      {STEPS.map((label, index) => {
        const step = index + 1;
        const done = step < current;
        const active = step === current;
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className={clsx(
              'flex min-w-0 flex-col gap-2 border-t-2 pt-3 sm:flex-row sm:items-center',
              active ? 'border-ink' : done ? 'border-gold' : 'border-mist',
            )}
          >
            <span
              aria-hidden="true"
              className={clsx(
                'inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                active && 'bg-ink text-gold',
                done && 'bg-gold text-ink',
                !active && !done && 'border border-mist text-stone',
              )}
            >
              {done ? <Check className="h-3.5 w-3.5" strokeWidth={3} /> : step}
            </span>
            <span
              className={clsx(
                'text-xs leading-tight sm:text-sm',
                active ? 'font-semibold text-ink' : done ? 'text-graphite' : 'text-stone',
              )}
            >
              <span className="sr-only">Étape {step} : </span>
              {label}
              {done && <span className="sr-only"> (terminée)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
