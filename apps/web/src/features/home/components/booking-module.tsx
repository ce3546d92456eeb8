import { periodProblems } from '@vroum/core/period-rules';
import { HOME_CATEGORIES, type HomeCategory } from '@vroum/core/fleet-filters';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { AddressAutocomplete } from '../../../components/address-autocomplete';
import { useFormState, type Checked } from '../../../components/form/use-form-state';
import {
  DeliveryAddressField,
  RentalDateField,
  useDeliveryQuote,
  type DeliveryQuote,
  type RentalRequest,
} from '../../../components/rental-request/rental-request-fields';
import { Button } from '../../../components/ui/button';
import { formatEuros } from '../../../lib/format';
import { useNavigation } from '../../../lib/navigation';

const STEPS = ['Départ', 'Retour', 'Catégorie'] as const;

interface Draft extends RentalRequest {
  returnAddress: string;
  category: HomeCategory | '';
}

/** What stops the module's step `step` from being left forward, or the draft to go on with. */
function checkStep(step: number, draft: Draft): Checked<Draft> {
  const problems = periodProblems({ start: draft.start, end: draft.end });
  const stop = (title: string, message: string) => ({
    ok: false as const,
    toast: [title, message] as const,
  });
  if (step === 0) {
    if (!draft.pickupAddress.trim() || !draft.start)
      return stop('Informations manquantes', "Veuillez renseigner l'adresse et la date de départ");
    if (problems.start) return stop('Date de départ passée', problems.start);
  } else if (step === 1) {
    if (!draft.returnAddress.trim() || !draft.end)
      return stop('Informations manquantes', "Veuillez renseigner l'adresse et la date de retour");
    if (problems.end) return stop('Dates incohérentes', problems.end);
  } else if (!draft.category) {
    return stop('Catégorie non sélectionnée', 'Veuillez choisir une catégorie de véhicule');
  }
  return { ok: true, input: draft };
}

/**
 * The home page's 3-step booking module: pickup address and start, return
 * address and end, then a category; it leads to the fleet with the whole context in the URL.
 */
export function BookingModule() {
  const { navigate } = useNavigation();
  const [step, setStep] = useState(0);
  const form = useFormState<Draft>({
    initial: { pickupAddress: '', start: '', returnAddress: '', end: '', category: '' },
    check: (draft) => checkStep(step, draft),
    save: (draft) => {
      if (step === 0) {
        if (!draft.returnAddress) form.set('returnAddress', draft.pickupAddress);
        goTo(1);
      } else if (step === 1) {
        goTo(2);
      } else {
        void navigate(`/flotte?${fleetParams(draft, quote).toString()}`);
      }
    },
  });
  const { values: draft, set } = form;
  const quote = useDeliveryQuote(form);

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

  return (
    <form
      onSubmit={form.submit}
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
              <DeliveryAddressField id="pickup-address" form={form} quote={quote} />
              <DeliveryHint quote={quote} />
            </div>
            <RentalDateField
              id="start-date"
              label="Date et heure de départ"
              form={form}
              editing="start"
              showProblem
            />
          </div>
        )}
        {step === 1 && (
          <div className="grid gap-5 md:grid-cols-2">
            <AddressAutocomplete
              id="return-address"
              label="Adresse de retour"
              {...form.bind('returnAddress')}
              onSelect={() => undefined}
            />
            <RentalDateField
              id="end-date"
              label="Date et heure de retour"
              form={form}
              editing="end"
              showProblem
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
                      onChange={() => set('category', category.value)}
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

/** The fleet's address for the draft: the whole context, with the delivery fee once priced. */
function fleetParams(draft: Draft, quote: DeliveryQuote): URLSearchParams {
  const feeCents = quote.priced ? quote.feeCents : undefined;
  return new URLSearchParams({
    category: draft.category,
    pickupAddress: draft.pickupAddress.trim(),
    returnAddress: draft.returnAddress.trim(),
    startDate: draft.start,
    endDate: draft.end,
    deliveryFee: feeCents === undefined ? '0' : String(feeCents / 100),
  });
}

/** The fee of the address picked, or the free delivery in Île-de-France before any pick. */
function DeliveryHint({ quote }: { quote: DeliveryQuote }) {
  const ready = quote.priced && quote.feeCents !== undefined;
  if (!quote.priced || (!ready && !quote.loading && !quote.failed)) {
    return <p className="mt-1.5 text-xs text-stone">Livraison offerte partout en Île-de-France.</p>;
  }
  return (
    <p className="mt-1.5 text-xs text-stone" aria-live="polite">
      {quote.loading && 'Calcul des frais de livraison…'}
      {quote.failed && 'Frais de livraison calculés à l’étape du véhicule.'}
      {ready && (
        <>
          Frais de livraison&nbsp;:{' '}
          <strong className="text-ink">
            {quote.feeCents === 0 ? 'Gratuit' : formatEuros(quote.feeCents ?? 0)}
          </strong>
        </>
      )}
    </p>
  );
}
