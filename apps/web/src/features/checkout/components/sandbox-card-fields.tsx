import { clsx } from 'clsx';
import { CreditCard } from 'lucide-react';
import { inputClass, labelClass } from '../../../components/ui/field';
import {
  TEST_CARDS,
  formatCardNumber,
  formatExpiry,
  sampleExpiry,
  type CardField,
  type CardValues,
} from '../card-input';

const invalidClass =
  'aria-[invalid=true]:border-danger aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-danger/15';

/**
 * The card form of the built-in processor, labelled as a demonstration: the documented test
 * cards with their outcome (a click fills the form), then number, expiry and CVC.
 */
export function SandboxCardFields({
  values,
  onChange,
  invalid,
  disabled,
}: {
  values: CardValues;
  onChange: (values: CardValues) => void;
  invalid: ReadonlySet<CardField>;
  disabled: boolean;
}) {
  const fill = (number: string) =>
    onChange({
      number: formatCardNumber(number),
      expiry: values.expiry.length === 5 ? values.expiry : sampleExpiry(),
      cvc: values.cvc || '123',
    });
  return (
    <div className="space-y-5">
      <div className="rounded-2xl border border-dashed border-gold-deep/40 bg-ivory/70 p-4">
        <p className="text-sm font-semibold text-ink">Cartes de test</p>
        <p className="mt-1 text-xs leading-relaxed text-stone">
          Aucune vraie carte n’est acceptée ni débitée. Cliquez sur une carte pour remplir le
          formulaire (date d’expiration future et cryptogramme quelconques).
        </p>
        <ul className="mt-3 grid gap-2">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => fill(card.number)}
                className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-0.5 rounded-xl bg-paper px-3 py-2 text-left text-sm ring-1 ring-mist transition-colors hover:ring-gold-deep disabled:opacity-50"
              >
                <span className="font-mono tracking-wide whitespace-nowrap text-ink">
                  {formatCardNumber(card.number)}
                </span>
                <span className="text-xs text-stone">{card.outcome}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>

      <div>
        <label htmlFor="card-number" className={labelClass}>
          Numéro de carte
        </label>
        <div className="relative">
          <CreditCard
            className="pointer-events-none absolute top-1/2 left-4 h-4 w-4 -translate-y-1/2 text-gold-deep"
            aria-hidden="true"
          />
          <input
            id="card-number"
            name="cardnumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            disabled={disabled}
            aria-invalid={invalid.has('number') || undefined}
            value={values.number}
            onChange={(event) =>
              onChange({ ...values, number: formatCardNumber(event.target.value) })
            }
            className={clsx(inputClass, 'pl-11 font-mono tracking-wide', invalidClass)}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor="card-expiry" className={labelClass}>
            Expiration (MM/AA)
          </label>
          <input
            id="card-expiry"
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            maxLength={5}
            disabled={disabled}
            aria-invalid={invalid.has('expiry') || undefined}
            value={values.expiry}
            onChange={(event) =>
              onChange({ ...values, expiry: formatExpiry(event.target.value, values.expiry) })
            }
            className={clsx(inputClass, 'font-mono', invalidClass)}
          />
        </div>
        <div>
          <label htmlFor="card-cvc" className={labelClass}>
            Cryptogramme (CVC)
          </label>
          <input
            id="card-cvc"
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            disabled={disabled}
            aria-invalid={invalid.has('cvc') || undefined}
            value={values.cvc}
            onChange={(event) =>
              onChange({ ...values, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) })
            }
            className={clsx(inputClass, 'font-mono', invalidClass)}
          />
        </div>
      </div>
    </div>
  );
}
