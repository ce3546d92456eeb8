import { computeQuote } from '@vroum/core/pricing';
import type { Vehicle } from '@vroum/core/vehicle';
import { offersUnlimitedKm } from '@vroum/core/vehicle-km';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFormState, type Checked } from '../../../components/form/use-form-state';
import {
  DeliveryAddressField,
  PeriodCalendarButton,
  RentalDateField,
  useDeliveryQuote,
  type RentalRequest,
} from '../../../components/rental-request/rental-request-fields';
import { Button } from '../../../components/ui/button';
import { readBookingDraft, saveBookingDraft } from '../../../lib/booking-draft';
import { collectedElsewhere, type BookingContext } from '../../../lib/booking-params';
import { useDeliveryFee } from '../../../lib/delivery-fee';
import { formatPrice } from '../../../lib/format';
import { useAvailability, type AvailabilityState } from '../api/get-availability';
import { AvailabilityStatus, UnavailableAlert } from './availability-status';
import { MobileBookingBar } from './mobile-booking-bar';
import { PriceSummary } from './price-summary';
import { RentalOptionsFields, type RentalOptions } from './rental-options-fields';
import { ReturnAddressField, type ReturnAddressValue } from './return-address-field';

const UNAVAILABLE_MESSAGE = "Ce véhicule n'est pas disponible pour les dates sélectionnées.";

interface PanelValues extends RentalRequest, RentalOptions {
  collection: ReturnAddressValue;
}

const datesInOrder = ({ start, end }: RentalRequest) =>
  Boolean(start && end && Date.parse(end) > Date.parse(start));

/** What stops the booking from going on to the protection step, in the order a customer mends it. */
function checkPanel(values: PanelValues, available: AvailabilityState): Checked<PanelValues> {
  const stop = (title: string, message: string) => ({
    ok: false as const,
    toast: [title, message] as const,
  });
  if (!values.pickupAddress.trim() || !values.start || !values.end)
    return stop(
      'Informations manquantes',
      "Veuillez renseigner l'adresse de livraison et les dates de location.",
    );
  if (values.collection.elsewhere && !values.collection.address.trim())
    return stop('Informations manquantes', "Veuillez renseigner l'adresse de restitution.");
  if (!datesInOrder(values))
    return stop(
      'Dates incohérentes',
      'La date de retour doit être postérieure à la date de départ.',
    );
  if (available !== true) return stop('Véhicule non disponible', UNAVAILABLE_MESSAGE);
  return { ok: true, input: values };
}

/** The price shown beside the form, before a protection or an option is chosen. */
function quoteBeforeProtection(
  vehicle: Vehicle,
  choice: Pick<PanelValues, 'start' | 'end' | 'withDriver' | 'unlimitedKm'>,
  [deliveryFeeCents, returnFeeCents]: [number, number],
) {
  return computeQuote({
    pricePerDayCents: vehicle.pricePerDayCents,
    depositCents: vehicle.depositCents,
    start: new Date(choice.start),
    end: new Date(choice.end),
    deliveryFeeCents,
    returnFeeCents,
    withDriver: choice.withDriver,
    unlimitedKm: choice.unlimitedKm,
    protection: 'none',
    options: [],
  });
}

/** The phone's bottom bar books at once when the form is complete, else shows its first gap. */
function bookOrShowFirstGap(form: HTMLFormElement | null, values: PanelValues) {
  if (!form) return;
  const missing = [
    !values.pickupAddress.trim() && '#delivery-address',
    !values.start && '#vehicle-start',
    !values.end && '#vehicle-end',
  ].find(Boolean);
  if (!missing) {
    form.requestSubmit();
    return;
  }
  const field = form.querySelector<HTMLElement>(missing);
  field?.scrollIntoView({ block: 'center' });
  field?.focus({ preventScroll: true });
}

/**
 * The booking details form of the vehicle page (booking step 1): address, dates, chauffeur and
 * unlimited km, the live availability check, the price summary and 'Réserver maintenant'.
 */
export function BookingPanel({ vehicle, context }: { vehicle: Vehicle; context: BookingContext }) {
  const navigate = useNavigate();
  const previous = readBookingDraft();
  const sameVehicle = previous?.vehicleSlug === vehicle.slug;
  const elsewhere = collectedElsewhere(context);
  const form = useFormState<PanelValues>({
    initial: {
      pickupAddress: context.pickupAddress,
      start: context.start,
      end: context.end,
      collection: { elsewhere, address: elsewhere ? context.returnAddress : '' },
      withDriver: false,
      unlimitedKm: false,
    },
    check: (values) => checkPanel(values, availability),
    save: (values) => {
      saveBookingDraft({
        vehicleSlug: vehicle.slug,
        deliveryAddress: values.pickupAddress.trim(),
        deliveryFeeCents: deliveryFeeCents ?? 0,
        returnAddress: values.collection.elsewhere ? values.collection.address.trim() : '',
        returnFeeCents: values.collection.elsewhere ? (returnFeeCents ?? 0) : 0,
        startDate: values.start,
        endDate: values.end,
        withDriver: values.withDriver,
        unlimitedKm: values.unlimitedKm,
        protection: sameVehicle ? previous.protection : undefined,
        options: sameVehicle ? previous.options : [],
      });
      void navigate(`/vehicule/${vehicle.slug}/protection`);
    },
  });
  const { values, set } = form;
  const { start, end, collection, withDriver, unlimitedKm } = values;
  const [committedReturn, setCommittedReturn] = useState(elsewhere ? context.returnAddress : '');
  // The choices of a draft for this car (a customer coming back from the next steps). The draft
  // is in this tab's storage, which the server rendering the page cannot read: it is applied once
  // the form is in the page, before the browser paints it, so the first render matches the HTML.
  useLayoutEffect(() => {
    const draft = readBookingDraft();
    const forThisCar = draft?.vehicleSlug === vehicle.slug;
    set('withDriver', forThisCar && draft.withDriver);
    set('unlimitedKm', forThisCar && draft.unlimitedKm && offersUnlimitedKm(vehicle));
    if (forThisCar && draft.returnAddress && !elsewhere) {
      set('collection', { elsewhere: true, address: draft.returnAddress });
      setCommittedReturn(draft.returnAddress);
    }
    // Once per car: `set` is a new function at each render, and writes the form's values only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vehicle, elsewhere]);

  const availability = useAvailability(vehicle.slug, start, end);
  const delivery = useDeliveryQuote(form, context.pickupAddress);
  const hintCents =
    context.deliveryFee === null ? undefined : Math.round(context.deliveryFee * 100);
  const deliveryFeeCents =
    delivery.feeCents ?? (delivery.picked === context.pickupAddress ? hintCents : undefined);
  const returnFee = useDeliveryFee(collection.elsewhere ? committedReturn : '');
  const returnFeeCents = collection.elsewhere ? returnFee.feeCents : 0;
  const datesValid = datesInOrder(values);

  const quote = useMemo(
    () =>
      datesValid
        ? quoteBeforeProtection(vehicle, { start, end, withDriver, unlimitedKm }, [
            deliveryFeeCents ?? 0,
            returnFeeCents ?? 0,
          ])
        : null,
    [vehicle, start, end, deliveryFeeCents, returnFeeCents, withDriver, unlimitedKm, datesValid],
  );

  const unavailable = availability === false && Boolean(start && end);
  const formRef = useRef<HTMLFormElement>(null);
  const bookButton = useRef<HTMLButtonElement>(null);
  return (
    <form
      ref={formRef}
      onSubmit={form.submit}
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
      <DeliveryAddressField id="delivery-address" form={form} quote={delivery} />
      <ReturnAddressField
        value={collection}
        onChange={(chosen) => set('collection', chosen)}
        onSelect={setCommittedReturn}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <RentalDateField
          id="vehicle-start"
          label="Début de la location"
          form={form}
          editing="start"
          vehicleSlug={vehicle.slug}
        />
        <RentalDateField
          id="vehicle-end"
          label="Fin de la location"
          form={form}
          editing="end"
          vehicleSlug={vehicle.slug}
        />
      </div>
      <RentalOptionsFields vehicle={vehicle} form={form} />
      <AvailabilityStatus state={availability} />
      {unavailable && (
        <UnavailableAlert
          message={UNAVAILABLE_MESSAGE}
          calendar={
            <PeriodCalendarButton form={form} editing="start" vehicleSlug={vehicle.slug} withText />
          }
        />
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
        onBook={() => bookOrShowFirstGap(formRef.current, values)}
      />
    </form>
  );
}
