import type { Vehicle } from '@vroum/core/vehicle';
import { offersUnlimitedKm } from '@vroum/core/vehicle-km';
import type { FormState } from '../../../components/form/use-form-state';

/** A rental's options chosen on the vehicle page. */
export interface RentalOptions {
  withDriver: boolean;
  unlimitedKm: boolean;
}

/** The chauffeur and the unlimited kilometres, or the daily limit of a car that has one. */
export function RentalOptionsFields({
  vehicle,
  form,
}: {
  vehicle: Vehicle;
  form: FormState<RentalOptions>;
}) {
  const { values } = form;
  return (
    <fieldset className="space-y-2.5">
      <legend className="sr-only">Options de location</legend>
      <CheckboxRow
        id="with-driver"
        checked={values.withDriver}
        onChange={(checked) => form.set('withDriver', checked)}
        label="Avec chauffeur"
        detail="40,00&nbsp;€ / heure"
      />
      {!offersUnlimitedKm(vehicle) ? (
        <p className="rounded-xl bg-ivory px-4 py-3 text-xs text-stone">
          Kilométrage illimité non disponible&nbsp;: {vehicle.dailyKmLimit} km inclus par jour.
        </p>
      ) : (
        <CheckboxRow
          id="unlimited-km"
          checked={values.unlimitedKm}
          onChange={(checked) => form.set('unlimitedKm', checked)}
          label="Kilométrage illimité"
          detail="50,00&nbsp;€ / jour"
        />
      )}
    </fieldset>
  );
}

function CheckboxRow(props: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  detail: string;
}) {
  return (
    <label
      htmlFor={props.id}
      className="flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-mist px-4 py-3 hover:border-ink/30"
    >
      <span className="flex items-center gap-3">
        <input
          id={props.id}
          type="checkbox"
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          className="h-4 w-4 accent-[var(--color-gold-deep)]"
        />
        <span className="text-sm font-semibold text-ink">{props.label}</span>
      </span>
      <span className="text-sm text-stone">{props.detail}</span>
    </label>
  );
}
