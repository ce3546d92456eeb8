import type { BookingDetail } from '@vroum/core/booking';
import type { ExtensionOutcome } from '@vroum/core/rental-extension';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PriceLines } from '../../components/price-lines';
import { Button, ButtonLink } from '../../components/ui/button';
import { DateTimeField } from '../../components/ui/date-time-field';
import { errorMessage } from '../../lib/api-client';
import { formatLongDateTime } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';
import {
  confirmExtensionPayment,
  fetchExtendedBooking,
  fetchExtensionQuote,
  startExtensionPayment,
} from './api/extension';
import { CardPaymentForm } from './components/card-payment-form';

const DAY_MS = 86_400_000;
const SHORTCUTS = [1, 2, 3, 7] as const;

/**
 * /reservation/{id}/prolongation: the customer keeps the car longer. They choose the new return
 * (the booked time, days later), the server prices it by the quote's rules and says when the car
 * is taken, then they pay by card with 3-D Secure and are asked to sign the contract's amendment.
 */
export function ExtensionPage() {
  usePageMeta('Prolonger ma location');
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const returning = search.get('payment_intent');
  const [outcome, setOutcome] = useState<ExtensionOutcome | null>(null);
  const booking = useQuery({
    queryKey: ['booking', id],
    queryFn: ({ signal }) => fetchExtendedBooking(id, signal),
    retry: false,
  });

  // Back from the 3-D Secure page (or Stripe's redirect): the server reads the payment again.
  useEffect(() => {
    if (!returning) return;
    confirmExtensionPayment(id, returning).then(setOutcome, () =>
      setOutcome({ status: 'pending', returnDate: '' }),
    );
  }, [id, returning]);

  let body;
  if (outcome?.status === 'paid' || outcome?.status === 'pending') {
    body = <Extended bookingId={id} outcome={outcome} />;
  } else if (booking.isError) {
    body = (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(booking.error)}
      </p>
    );
  } else if (!booking.data || (returning && !outcome)) {
    body = <p role="status">Chargement…</p>;
  } else if (!['confirmed', 'active'].includes(booking.data.bookingStatus)) {
    body = (
      <p className="text-sm text-graphite">
        Cette location ne peut plus être prolongée en ligne&nbsp;: appelez-nous, nous trouverons une
        solution.
      </p>
    );
  } else {
    body = (
      <ExtensionForm
        booking={booking.data}
        failed={outcome?.status === 'failed'}
        onOutcome={setOutcome}
      />
    );
  }

  return (
    <section className="bg-ivory py-10 md:py-16">
      <div className="container-page max-w-2xl space-y-6">
        <div>
          <p className="eyebrow flex items-center gap-2">
            <CalendarPlus className="h-3.5 w-3.5" aria-hidden="true" />
            Réservation {booking.data?.reference}
          </p>
          <h1 className="mt-2 font-display text-4xl text-ink md:text-5xl">Prolonger ma location</h1>
          {booking.data && !outcome && (
            <p className="mt-3 text-graphite">
              {booking.data.vehicle.name}, restitution prévue le{' '}
              <strong className="text-ink">{formatLongDateTime(booking.data.returnDate)}</strong>.
            </p>
          )}
        </div>
        <div className="rounded-3xl bg-paper p-5 shadow-xl ring-1 shadow-ink/5 ring-mist sm:p-7">
          {body}
        </div>
        {outcome?.status !== 'paid' && outcome?.status !== 'pending' && (
          <ButtonLink to={`/reservation/${id}`} variant="outline">
            Retour à ma réservation
          </ButtonLink>
        )}
      </div>
    </section>
  );
}

function ExtensionForm({
  booking,
  failed,
  onOutcome,
}: {
  booking: BookingDetail;
  failed: boolean;
  onOutcome: (outcome: ExtensionOutcome) => void;
}) {
  const queryClient = useQueryClient();
  const bookedReturn = new Date(booking.returnDate).getTime();
  const [returnDate, setReturnDate] = useState(new Date(bookedReturn + DAY_MS).toISOString());
  const [paying, setPaying] = useState(failed);
  const quote = useQuery({
    queryKey: ['extension-quote', booking.id, returnDate],
    queryFn: ({ signal }) => fetchExtensionQuote(booking.id, returnDate, signal),
    enabled: returnDate !== '',
    retry: false,
  });
  const chosenDays = Math.round((new Date(returnDate).getTime() - bookedReturn) / DAY_MS);

  const choose = (iso: string) => {
    setReturnDate(iso);
    setPaying(false);
  };

  return (
    <div className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="font-display text-2xl text-ink">Nouvelle restitution</legend>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Durée supplémentaire">
          {SHORTCUTS.map((days) => (
            <Button
              key={days}
              variant={chosenDays === days ? 'primary' : 'outline'}
              size="sm"
              aria-pressed={chosenDays === days}
              onClick={() => choose(new Date(bookedReturn + days * DAY_MS).toISOString())}
            >
              {days === 7 ? '1 semaine' : `${days}\u00a0jour${days > 1 ? 's' : ''}`} de plus
            </Button>
          ))}
        </div>
        <DateTimeField
          id="extension-return"
          label="Nouvelle date de restitution"
          value={returnDate}
          min={new Date(bookedReturn + 15 * 60_000).toISOString()}
          onChange={choose}
          required
        />
      </fieldset>

      <section aria-label="Prix de la prolongation" aria-live="polite">
        {quote.isError ? (
          <p role="alert" className="rounded-xl bg-danger/5 p-3 text-sm text-danger">
            {errorMessage(quote.error)}
          </p>
        ) : quote.data ? (
          <PriceLines
            lines={quote.data.lines}
            totalCents={quote.data.totalCents}
            totalLabel="Total de la prolongation TTC"
            size="medium"
          />
        ) : (
          <p role="status" className="text-sm text-stone">
            Calcul du prix…
          </p>
        )}
        <p className="mt-3 text-xs leading-relaxed text-stone">
          Même protection, mêmes options et même kilométrage par jour que votre location. La caution
          ne change pas&nbsp;; son empreinte est renouvelée si besoin. Après le paiement, vous
          signez un avenant à votre contrat.
        </p>
      </section>

      {paying && quote.data ? (
        <section aria-label="Paiement par carte" className="space-y-3 border-t border-mist pt-5">
          <h2 className="font-display text-2xl text-ink">Paiement par carte</h2>
          <CardPaymentForm
            label="Paiement de la prolongation par carte"
            open={() => startExtensionPayment(booking.id, returnDate)}
            openKey={returnDate}
            onPaid={async (intentId) => {
              const result = await confirmExtensionPayment(booking.id, intentId);
              await queryClient.invalidateQueries({ queryKey: ['booking', booking.id] });
              onOutcome(result);
            }}
            returnTo={`/reservation/${booking.id}/prolongation`}
            failed={failed}
          />
        </section>
      ) : (
        <Button className="w-full" disabled={!quote.data} onClick={() => setPaying(true)}>
          Continuer vers le paiement
        </Button>
      )}
    </div>
  );
}

function Extended({ bookingId, outcome }: { bookingId: string; outcome: ExtensionOutcome }) {
  const paid = outcome.status === 'paid';
  return (
    <div role="status" className="text-center">
      <CheckCircle2 className="mx-auto h-10 w-10 text-success" aria-hidden="true" />
      <h2 className="mt-3 font-display text-3xl text-ink">
        {paid ? 'Location prolongée' : 'Paiement en cours de validation'}
      </h2>
      <p className="mt-2 text-sm text-graphite">
        {paid
          ? `Vous gardez le véhicule jusqu’au ${formatLongDateTime(outcome.returnDate)}. Signez l’avenant à votre contrat : il reprend la nouvelle date et le montant payé.`
          : 'Votre banque n’a pas encore confirmé le paiement : nous vous écrivons dès qu’il est reçu.'}
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {paid && <ButtonLink to={`/reservation/${bookingId}/contrat`}>Signer l’avenant</ButtonLink>}
        <ButtonLink to={`/reservation/${bookingId}`} variant="outline">
          Voir ma réservation
        </ButtonLink>
      </div>
    </div>
  );
}

export { ExtensionPage as Component };
