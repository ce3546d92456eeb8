import { computeQuote } from '@vroum/core/pricing';
import type { Vehicle } from '@vroum/core/vehicle';
import { offersUnlimitedKm } from '@vroum/core/vehicle-km';
import { useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AddressAutocomplete } from '../../../components/address-autocomplete';
import { CalendarButton } from '../../../components/rental-dates/calendar-button';
import { Button } from '../../../components/ui/button';
import { DateTimeField } from '../../../components/ui/date-time-field';
import { readBookingDraft, saveBookingDraft } from '../../../lib/booking-draft';
import { collectedElsewhere, type BookingContext } from '../../../lib/booking-params';
import { formatPrice } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAvailability } from '../api/get-availability';
import { useDeliveryFee } from '../api/get-delivery-fee';
import { AvailabilityStatus, UnavailableAlert } from './availability-status';
import { MobileBookingBar } from './mobile-booking-bar';
import { PriceSummary } from './price-summary';
import { ReturnAddressField, type ReturnAddressValue } from './return-address-field';

const UNAVAILABLE_MESSAGE = "Ce véhicule n'est pas disponible pour les dates sélectionnées.";

/**
 * The booking details form of the vehicle page (booking step 1): address, dates, chauffeur and
 * unlimited km, the live availability check, the price summary and 'Réserver maintenant'.
 */
export function BookingPanel({ vehicle, context }: { vehicle: Vehicle; context: BookingContext }) {
  const navigate = useNavigate();
  const previous = readBookingDraft();
  const sameVehicle = previous?.vehicleSlug === vehicle.slug;
  const [address, setAddress] = useState(context.pickupAddress);
  const [committedAddress, setCommittedAddress] = useState(context.pickupAddress);
  const [start, setStart] = useState(context.start);
  const [end, setEnd] = useState(context.end);
  const elsewhere = collectedElsewhere(context);
  const [collection, setCollection] = useState<ReturnAddressValue>({
    elsewhere,
    address: elsewhere ? context.returnAddress : '',
  });
  const [committedReturn, setCommittedReturn] = useState(elsewhere ? context.returnAddress : '');
  const [withDriver, setWithDriver] = useState(false);
  const [unlimitedKm, setUnlimitedKm] = useState(false);
  // The choices of a draft for this car (a customer coming back from the next steps). The draft
  // is in this tab's storage, which the server rendering the page cannot read: it is applied once
  // the form is in the page, before the browser paints it, so the first render matches the HTML.
  useLayoutEffect(() => {
    const draft = readBookingDraft();
    const forThisCar = draft?.vehicleSlug === vehicle.slug;
    setWithDriver(forThisCar && draft.withDriver);
    setUnlimitedKm(forThisCar && draft.unlimitedKm && offersUnlimitedKm(vehicle));
    if (forThisCar && draft.returnAddress && !elsewhere) {
      setCollection({ elsewhere: true, address: draft.returnAddress });
      setCommittedReturn(draft.returnAddress);
    }
  }, [vehicle, elsewhere]);

  const availability = useAvailability(vehicle.slug, start, end);
  const delivery = useDeliveryFee(committedAddress);
  const hintCents =
    context.deliveryFee === null ? undefined : Math.round(context.deliveryFee * 100);
  const deliveryFeeCents =
    delivery.feeCents ?? (committedAddress === context.pickupAddress ? hintCents : undefined);
  const returnFee = useDeliveryFee(collection.elsewhere ? committedReturn : '');
  const returnFeeCents = collection.elsewhere ? returnFee.feeCents : 0;
  const datesValid = Boolean(start && end && Date.parse(end) > Date.parse(start));

  const quote = useMemo(
    () =>
      datesValid
        ? computeQuote({
            pricePerDayCents: vehicle.pricePerDayCents,
            depositCents: vehicle.depositCents,
            start: new Date(start),
            end: new Date(end),
            deliveryFeeCents: deliveryFeeCents ?? 0,
            returnFeeCents: returnFeeCents ?? 0,
            withDriver,
            unlimitedKm,
            protection: 'none',
            options: [],
          })
        : null,
    [vehicle, start, end, deliveryFeeCents, returnFeeCents, withDriver, unlimitedKm, datesValid],
  );

  const unavailable = availability === false && Boolean(start && end);
  // Both fields open the same calendar, which shows the car's taken days and sets both dates.
  const calendarButton = (editing: 'start' | 'end', withText = false) => (
    <CalendarButton
      withText={withText}
      vehicleSlug={vehicle.slug}
      period={{ start, end }}
      editing={editing}
      onApply={(period) => {
        setStart(period.start);
        setEnd(period.end);
      }}
    />
  );
  const formRef = useRef<HTMLFormElement>(null);
  const bookButton = useRef<HTMLButtonElement>(null);
  // The phone's bottom bar books at once when the form is complete, else shows its first gap.
  const bookFromBar = () => {
    const form = formRef.current;
    if (!form) return;
    const missing = [
      !address.trim() && '#delivery-address',
      !start && '#vehicle-start',
      !end && '#vehicle-end',
    ].find(Boolean);
    if (!missing) {
      form.requestSubmit();
      return;
    }
    const field = form.querySelector<HTMLElement>(missing);
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!address.trim() || !start || !end) {
      notify.error(
        'Informations manquantes',
        "Veuillez renseigner l'adresse de livraison et les dates de location.",
      );
      return;
    }
    if (collection.elsewhere && !collection.address.trim()) {
      notify.error('Informations manquantes', "Veuillez renseigner l'adresse de restitution.");
      return;
    }
    if (!datesValid) {
      notify.error(
        'Dates incohérentes',
        'La date de retour doit être postérieure à la date de départ.',
      );
      return;
    }
    if (availability !== true) {
      notify.error('Véhicule non disponible', UNAVAILABLE_MESSAGE);
      return;
    }
    saveBookingDraft({
      vehicleSlug: vehicle.slug,
      deliveryAddress: address.trim(),
      deliveryFeeCents: deliveryFeeCents ?? 0,
      returnAddress: collection.elsewhere ? collection.address.trim() : '',
      returnFeeCents: collection.elsewhere ? (returnFeeCents ?? 0) : 0,
      startDate: start,
      endDate: end,
      withDriver,
      unlimitedKm,
      protection: sameVehicle ? previous.protection : undefined,
      options: sameVehicle ? previous.options : [],
    });
    void navigate(`/vehicule/${vehicle.slug}/protection`);
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="reservation-title"
      className="space-y-5 rounded-3xl bg-paper p-6 shadow-xl shadow-ink/10 ring-1 ring-mist md:p-7"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="reservation-title" className="font-display text-3xl text-ink">
          Votre réservation
        </h2>
        <p className="text-sm text-stone">
          <span className="font-display text-2xl font-semibold text-ink">
            {formatPrice(vehicle.pricePerDayCents)}
          </span>{' '}
          / jour
        </p>
      </div>
      <AddressAutocomplete
        id="delivery-address"
        label="Adresse de livraison"
        value={address}
        onChange={setAddress}
        onSelect={(picked) => setCommittedAddress(picked.label)}
      />
      <ReturnAddressField
        value={collection}
        onChange={setCollection}
        onSelect={setCommittedReturn}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <DateTimeField
          id="vehicle-start"
          label="Début de la location"
          value={start}
          min={new Date().toISOString()}
          onChange={setStart}
          action={calendarButton('start')}
        />
        <DateTimeField
          id="vehicle-end"
          label="Fin de la location"
          value={end}
          min={start || new Date().toISOString()}
          onChange={setEnd}
          action={calendarButton('end')}
        />
      </div>
      <fieldset className="space-y-2.5">
        <legend className="sr-only">Options de location</legend>
        <CheckboxRow
          id="with-driver"
          checked={withDriver}
          onChange={setWithDriver}
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
            checked={unlimitedKm}
            onChange={setUnlimitedKm}
            label="Kilométrage illimité"
            detail="50,00&nbsp;€ / jour"
          />
        )}
      </fieldset>
      <AvailabilityStatus state={availability} />
      {unavailable && (
        <UnavailableAlert message={UNAVAILABLE_MESSAGE} calendar={calendarButton('start', true)} />
      )}
      <PriceSummary
        quote={quote}
        deliveryKnown={deliveryFeeCents !== undefined}
        collection={collection.elsewhere ? { known: returnFeeCents !== undefined } : null}
      />
      <Button
        ref={bookButton}
        type="submit"
        size="lg"
        className="w-full"
        disabled={availability === 'checking' || unavailable}
      >
        Réserver maintenant
      </Button>
      <MobileBookingBar
        panel={bookButton}
        totalCents={quote?.totalCents ?? null}
        days={quote?.days ?? null}
        pricePerDayCents={vehicle.pricePerDayCents}
        disabled={availability === 'checking' || unavailable}
        onBook={bookFromBar}
      />
    </form>
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
