import { periodProblems } from '@vroum/core/period-rules';
import { useState } from 'react';
import { useDeliveryFee } from '../../lib/delivery-fee';
import { AddressAutocomplete } from '../address-autocomplete';
import type { FormState } from '../form/use-form-state';
import { CalendarButton } from '../rental-dates/calendar-button';
import { DateTimeField } from '../ui/date-time-field';

/**
 * What every rental request asks, on the home page's booking module and on the vehicle page's
 * booking panel: where the car is delivered, and the rental's start and end (ISO instants, ''
 * until chosen).
 */
export interface RentalRequest {
  pickupAddress: string;
  start: string;
  end: string;
}

/**
 * The delivery fee of the address last picked among the suggestions (typing alone prices
 * nothing): `priced` says whether the address as typed is still that one.
 */
export function useDeliveryQuote(form: FormState<RentalRequest>, initiallyPicked = '') {
  const [picked, pick] = useState(initiallyPicked);
  const fee = useDeliveryFee(picked);
  return { ...fee, picked, pick, priced: picked !== '' && picked === form.values.pickupAddress };
}

export type DeliveryQuote = ReturnType<typeof useDeliveryQuote>;

/** The delivery address, with the suggestions of the address service; a pick is priced. */
export function DeliveryAddressField({
  id,
  form,
  quote,
}: {
  id: string;
  form: FormState<RentalRequest>;
  quote: DeliveryQuote;
}) {
  return (
    <AddressAutocomplete
      id={id}
      label="Adresse de livraison"
      value={form.values.pickupAddress}
      onChange={(text) => form.set('pickupAddress', text)}
      onSelect={(picked) => quote.pick(picked.label)}
    />
  );
}

/**
 * The rental calendar's button, in a date field or under a refused period: it sets the start and
 * the end at once, with a car's taken days when the request is for one car.
 */
export function PeriodCalendarButton({
  form,
  editing,
  vehicleSlug,
  withText,
}: {
  form: FormState<RentalRequest>;
  editing: 'start' | 'end';
  vehicleSlug?: string | undefined;
  withText?: boolean;
}) {
  const { start, end } = form.values;
  return (
    <CalendarButton
      withText={withText}
      vehicleSlug={vehicleSlug}
      period={{ start, end }}
      editing={editing}
      onApply={(period) => {
        form.set('start', period.start);
        form.set('end', period.end);
      }}
    />
  );
}

/**
 * The rental's start or end: typed, or chosen on the calendar. A start in the past or an end not
 * after the start is said under the field as soon as it is chosen, where `showProblem` asks it.
 */
export function RentalDateField({
  id,
  label,
  form,
  editing,
  vehicleSlug,
  showProblem = false,
}: {
  id: string;
  label: string;
  form: FormState<RentalRequest>;
  editing: 'start' | 'end';
  vehicleSlug?: string;
  showProblem?: boolean;
}) {
  const { start, end } = form.values;
  const value = editing === 'start' ? start : end;
  const now = new Date().toISOString();
  const problem = showProblem && value ? periodProblems({ start, end })[editing] : undefined;
  return (
    <DateTimeField
      id={id}
      label={label}
      value={value}
      min={editing === 'start' ? now : start || now}
      error={problem}
      onChange={(chosen) => form.set(editing, chosen)}
      action={<PeriodCalendarButton form={form} editing={editing} vehicleSlug={vehicleSlug} />}
    />
  );
}
