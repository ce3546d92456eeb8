import { clsx } from 'clsx';
import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormField } from '../../../components/form/form-field';
import { inputClass } from '../../../components/ui/field';
import { InputIcon } from '../../../components/ui/input-icon';
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

/** Each card field: its label, its autofill, and how what is typed is written in it. */
const CARD_FIELDS: Record<
  CardField,
  {
    label: string;
    name: string;
    autoComplete: string;
    placeholder: string;
    maxLength: number;
    className: string;
    format: (typed: string, values: CardValues) => string;
  }
> = {
  number: {
    label: 'Numéro de carte',
    name: 'cardnumber',
    autoComplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
    maxLength: 23,
    className: 'pl-11 font-mono tracking-wide',
    format: formatCardNumber,
  },
  expiry: {
    label: 'Expiration (MM/AA)',
    name: 'exp-date',
    autoComplete: 'cc-exp',
    placeholder: 'MM/AA',
    maxLength: 5,
    className: 'font-mono',
    format: (typed, values) => formatExpiry(typed, values.expiry),
  },
  cvc: {
    label: 'Cryptogramme (CVC)',
    name: 'cvc',
    autoComplete: 'cc-csc',
    placeholder: '123',
    maxLength: 4,
    className: 'font-mono',
    format: (typed) => typed.replace(/\D/g, '').slice(0, 4),
  },
};

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
  const cardField = (field: CardField, icon?: ReactNode) => {
    const { label, format, className, ...attributes } = CARD_FIELDS[field];
    return (
      <FormField id={`card-${field}`} label={label} error={invalid.has(field) ? '' : undefined}>
        {(props) => (
          <div className="relative">
            {icon}
            <input
              {...props}
              {...attributes}
              inputMode="numeric"
              disabled={disabled}
              value={values[field]}
              onChange={(event) =>
                onChange({ ...values, [field]: format(event.target.value, values) })
              }
              className={clsx(inputClass, className, invalidClass)}
            />
          </div>
        )}
      </FormField>
    );
  };
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

      {cardField('number', <InputIcon icon={CreditCard} />)}
      <div className="grid grid-cols-2 gap-4">
        {cardField('expiry')}
        {cardField('cvc')}
      </div>
    </div>
  );
}
