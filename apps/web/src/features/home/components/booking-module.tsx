import type { GeocodedAddress } from '@vroum/core/address';
import { periodProblems } from '@vroum/core/period-rules';
import { HOME_CATEGORIES, type HomeCategory } from '@vroum/core/fleet-filters';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AddressAutocomplete } from '../../../components/address-autocomplete';
import { CalendarButton } from '../../../components/rental-dates/calendar-button';
import { Button } from '../../../components/ui/button';
import { DateTimeField } from '../../../components/ui/date-time-field';
import { fetchDeliveryFee } from '../../../lib/addresses';
import { formatEuros } from '../../../lib/format';
import { useNavigation } from '../../../lib/navigation';
import { notify } from '../../../lib/toast';

const STEPS = ['Départ', 'Retour', 'Catégorie'] as const;

interface Draft {
  pickupAddress: string;
  start: string;
  returnAddress: string;
  end: string;
  category: HomeCategory | '';
}

type Delivery = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; feeCents: number };

/**
 * The home page's 3-step booking module: pickup address and start, return
 * address and end, then a category; it leads to the fleet with the whole context in the URL.
 */
export function BookingModule() {
  const { navigate } = useNavigation();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>({
    pickupAddress: '',
    start: '',
    returnAddress: '',
    end: '',
    category: '',
  });
  const [delivery, setDelivery] = useState<Delivery>({ status: 'idle' });
  const update = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  // A start in the past or an end not after it is said under the field as soon as it is chosen.
  const problems = periodProblems({ start: draft.start, end: draft.end });

  // 'Suivant' and 'Retour' take the focus to the first field of the step they open (the chosen
  // category on the last one): the button that had it comes after those fields.
  const fieldsRef = useRef<HTMLDivElement>(null);
  const stepMoved = useRef(false);
  const goTo = (next: number) => {
    stepMoved.current = true;
    setStep(next);
  };
  useEffect(() => {
    if (!stepMoved.current) return;
    const fields = fieldsRef.current;
    const first =
      fields?.querySelector<HTMLElement>('input:checked') ?? fields?.querySelector('input');
    first?.focus();
  }, [step]);

  // The same calendar as the vehicle page's, without taken days (no car is chosen yet): it sets
  // the start and the end at once.
  const calendarButton = (editing: 'start' | 'end') => (
    <CalendarButton
      period={{ start: draft.start, end: draft.end }}
      editing={editing}
      onApply={(period) => update(period)}
    />
  );

  const quoteDelivery = (address: GeocodedAddress) => {
    setDelivery({ status: 'loading' });
    fetchDeliveryFee(address.label)
      .then((answer) => setDelivery({ status: 'ready', feeCents: answer.feeCents }))
      .catch((error: unknown) => {
        console.error('Delivery fee failed', error);
        setDelivery({ status: 'error' });
      });
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (step === 0) {
      if (!draft.pickupAddress.trim() || !draft.start) {
        notify.error(
          'Informations manquantes',
          "Veuillez renseigner l'adresse et la date de départ",
        );
        return;
      }
      if (problems.start) {
        notify.error('Date de départ passée', problems.start);
        return;
      }
      if (!draft.returnAddress) update({ returnAddress: draft.pickupAddress });
      goTo(1);
      return;
    }
    if (step === 1) {
      if (!draft.returnAddress.trim() || !draft.end) {
        notify.error(
          'Informations manquantes',
          "Veuillez renseigner l'adresse et la date de retour",
        );
        return;
      }
      if (problems.end) {
        notify.error('Dates incohérentes', problems.end);
        return;
      }
      goTo(2);
      return;
    }
    if (!draft.category) {
      notify.error('Catégorie non sélectionnée', 'Veuillez choisir une catégorie de véhicule');
      return;
    }
    const params = new URLSearchParams({
      category: draft.category,
      pickupAddress: draft.pickupAddress.trim(),
      returnAddress: draft.returnAddress.trim(),
      startDate: draft.start,
      endDate: draft.end,
      deliveryFee: delivery.status === 'ready' ? String(delivery.feeCents / 100) : '0',
    });
    void navigate(`/flotte?${params.toString()}`);
  };

  return (
    <form
      onSubmit={next}
      noValidate
      aria-labelledby="booking-module-title"
      className="rounded-3xl bg-paper p-6 text-ink shadow-2xl shadow-ink/30 ring-1 ring-mist md:p-8"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="booking-module-title" className="font-display text-3xl">
          Réservez votre véhicule
        </h2>
        <p className="text-sm text-stone" aria-live="polite">
          Étape {step + 1} sur 3&nbsp;: {STEPS[step]}
        </p>
      </div>
      <ol className="mt-5 grid grid-cols-3 gap-2" aria-hidden="true">
        {STEPS.map((label, index) => (
          <li key={label} className="space-y-1.5">
            <span className={`block h-1 rounded-full ${index <= step ? 'bg-gold' : 'bg-mist'}`} />
            <span className={`text-xs ${index === step ? 'font-semibold text-ink' : 'text-stone'}`}>
              {index + 1}. {label}
            </span>
          </li>
        ))}
      </ol>

      <div ref={fieldsRef} className="mt-6">
        {step === 0 && (
          <div className="grid gap-5 md:grid-cols-2">
            <div>
              <AddressAutocomplete
                id="pickup-address"
                label="Adresse de livraison"
                value={draft.pickupAddress}
                onChange={(text) => {
                  update({ pickupAddress: text });
                  setDelivery({ status: 'idle' });
                }}
                onSelect={quoteDelivery}
              />
              <DeliveryHint delivery={delivery} />
            </div>
            <DateTimeField
              id="start-date"
              label="Date et heure de départ"
              value={draft.start}
              min={new Date().toISOString()}
              error={draft.start ? problems.start : undefined}
              onChange={(start) => update({ start })}
              action={calendarButton('start')}
            />
          </div>
        )}
        {step === 1 && (
          <div className="grid gap-5 md:grid-cols-2">
            <AddressAutocomplete
              id="return-address"
              label="Adresse de retour"
              value={draft.returnAddress}
              onChange={(text) => update({ returnAddress: text })}
              onSelect={() => undefined}
            />
            <DateTimeField
              id="end-date"
              label="Date et heure de retour"
              value={draft.end}
              min={draft.start || new Date().toISOString()}
              error={draft.end ? problems.end : undefined}
              onChange={(end) => update({ end })}
              action={calendarButton('end')}
            />
          </div>
        )}
        {step === 2 && (
          <fieldset>
            <legend className="mb-3 text-sm font-semibold">Catégorie de véhicule</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {HOME_CATEGORIES.map((category) => {
                const checked = draft.category === category.value;
                return (
                  <label
                    key={category.value}
                    className={`relative flex h-14 cursor-pointer items-center justify-center rounded-xl border text-sm font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold ${
                      checked
                        ? 'border-ink bg-ink text-paper'
                        : 'border-mist bg-paper hover:border-ink/40'
                    }`}
                  >
                    <input
                      type="radio"
                      name="category"
                      value={category.value}
                      checked={checked}
                      onChange={() => update({ category: category.value })}
                      className="sr-only"
                    />
                    {checked && <Check className="mr-1.5 h-4 w-4 text-gold" aria-hidden="true" />}
                    {category.label}
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
      </div>

      <div className="mt-7 flex flex-wrap items-center justify-between gap-3">
        {step > 0 ? (
          <Button variant="ghost" onClick={() => goTo(step - 1)}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Retour
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" variant="primary" size="lg">
          {step < 2 ? 'Suivant' : 'Voir les véhicules'}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}

function DeliveryHint({ delivery }: { delivery: Delivery }) {
  if (delivery.status === 'idle') {
    return <p className="mt-1.5 text-xs text-stone">Livraison offerte partout en Île-de-France.</p>;
  }
  return (
    <p className="mt-1.5 text-xs text-stone" aria-live="polite">
      {delivery.status === 'loading' && 'Calcul des frais de livraison…'}
      {delivery.status === 'error' && 'Frais de livraison calculés à l’étape du véhicule.'}
      {delivery.status === 'ready' && (
        <>
          Frais de livraison&nbsp;:{' '}
          <strong className="text-ink">
            {delivery.feeCents === 0 ? 'Gratuit' : formatEuros(delivery.feeCents)}
          </strong>
        </>
      )}
    </p>
  );
}
