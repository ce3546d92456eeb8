import { RENTAL_CONDITIONS } from '@vroum/core/rental-conditions';
import { ArrowRight } from 'lucide-react';
import { memo, type ChangeEvent, type FormEvent, type Ref } from 'react';
import { FormField } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { DRIVER_FIELDS, type DriverField, type DriverValues } from '../driver-info';
import { LockedNotice, StepActions, StepCard } from './step-card';

/**
 * Checkout step 1: the main driver's twelve fields, all required. Memoised: the answers the rest
 * of the checkout waits for (quote, vehicle, payment settings) leave the form as it is.
 */
export const DriverStep = memo(function DriverStep({
  values,
  onChange,
  invalid,
  locked,
  supercar,
  onSubmit,
  headingRef,
  saveOffer,
}: {
  /** Null while the profile that prefills the form loads. */
  values: DriverValues | null;
  onChange: (field: DriverField, value: string) => void;
  invalid: ReadonlySet<DriverField>;
  locked: boolean;
  supercar: boolean;
  onSubmit: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Offered when the driver says more than the profile holds; null otherwise. */
  saveOffer: { checked: boolean; onChange: (checked: boolean) => void } | null;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const conditions = RENTAL_CONDITIONS[supercar ? 'supercar' : 'standard'];
  return (
    <StepCard
      id="checkout-driver-title"
      title="Informations du conducteur principal"
      headingRef={headingRef}
      intro={
        <p>
          Le conducteur principal doit avoir au moins {conditions.minAge}&nbsp;ans et être titulaire
          du permis depuis au moins {conditions.minLicenceYears}&nbsp;ans. Tous les champs sont
          obligatoires.
        </p>
      }
    >
      {locked && <LockedNotice />}
      {values ? (
        <form onSubmit={submit} noValidate aria-label="Conducteur principal">
          <fieldset disabled={locked} className="grid gap-5 sm:grid-cols-2">
            <legend className="sr-only">Conducteur principal</legend>
            {DRIVER_FIELDS.map((field) => (
              <FormField
                key={field.name}
                id={`driver-${field.name}`}
                label={field.label}
                required
                error={invalid.has(field.name) ? '' : undefined}
                className={field.wide ? 'sm:col-span-2' : undefined}
              >
                {(props) => {
                  const common = {
                    ...props,
                    name: field.name,
                    autoComplete: field.autoComplete,
                    required: true,
                    value: values[field.name],
                    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
                      onChange(field.name, event.target.value),
                    className: `${inputClass} aria-[invalid=true]:border-danger aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-danger/15`,
                  };
                  return field.options ? (
                    <select {...common}>
                      {field.options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      {...common}
                      type={field.type ?? 'text'}
                      inputMode={field.type === 'tel' ? 'tel' : undefined}
                    />
                  );
                }}
              </FormField>
            ))}
          </fieldset>
          {saveOffer && (
            <div className="mt-6 flex items-start gap-3 rounded-2xl bg-ivory p-4">
              <input
                id="driver-save-to-profile"
                type="checkbox"
                checked={saveOffer.checked}
                disabled={locked}
                onChange={(event) => saveOffer.onChange(event.target.checked)}
                className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-ink"
              />
              <label
                htmlFor="driver-save-to-profile"
                className="cursor-pointer text-sm leading-relaxed text-graphite"
              >
                <span className="font-semibold text-ink">
                  Enregistrer ces informations dans mon profil
                </span>
                <span className="block">
                  Elles seront proposées à votre prochaine réservation, permis compris.
                </span>
              </label>
            </div>
          )}
          <StepActions>
            <span className="hidden sm:block" />
            <Button type="submit" size="lg">
              Continuer
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Button>
          </StepActions>
        </form>
      ) : (
        <div aria-busy="true" className="grid gap-5 sm:grid-cols-2">
          <span className="sr-only">Chargement de votre profil…</span>
          {Array.from({ length: 12 }, (_, index) => (
            <div key={index} className="h-[4.6rem] animate-pulse rounded-xl bg-mist/50" />
          ))}
        </div>
      )}
    </StepCard>
  );
});
