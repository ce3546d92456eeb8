import type { BookingDetail } from '@vroum/core/booking';
import type { ExtensionOutcome } from '@vroum/core/rental-extension';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
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
import {
  PaymentDone,
  PaymentPageFrame,
  PENDING_MESSAGE,
  useReturningPayment,
} from './components/payment-page-frame';

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
  const booking = useQuery({
    queryKey: ['booking', id],
    queryFn: ({ signal }) => fetchExtendedBooking(id, signal),
    retry: false,
  });
  const { outcome, setOutcome, settled, waiting } = useReturningPayment(
    (intentId) => confirmExtensionPayment(id, intentId),
    () => ({ status: 'pending' as const, returnDate: '' }),
  );

  let body;
  if (settled && outcome) {
    body = <Extended bookingId={id} outcome={outcome} />;
  } else if (booking.isError) {
    body = (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(booking.error)}
      </p>
    );
  } else if (!booking.data || waiting) {
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
    <PaymentPageFrame
      eyebrow={
        <>
          <CalendarPlus className="h-3.5 w-3.5" aria-hidden="true" />
          Réservation {booking.data?.reference}
        </>
      }
      title="Prolonger ma location"
      intro={
        booking.data &&
        !outcome && (
          <>
            {booking.data.vehicle.name}, restitution prévue le{' '}
            <strong className="text-ink">{formatLongDateTime(booking.data.returnDate)}</strong>.
          </>
        )
      }
      bookingId={id}
      settled={settled}
    >
      {body}
    </PaymentPageFrame>
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
    <PaymentDone
      title={paid ? 'Location prolongée' : 'Paiement en cours de validation'}
      message={
        paid
          ? `Vous gardez le véhicule jusqu’au ${formatLongDateTime(outcome.returnDate)}. Signez l’avenant à votre contrat\u00a0: il reprend la nouvelle date et le montant payé.`
          : PENDING_MESSAGE
      }
    >
      {paid && <ButtonLink to={`/reservation/${bookingId}/contrat`}>Signer l’avenant</ButtonLink>}
      <ButtonLink to={`/reservation/${bookingId}`} variant="outline">
        Voir ma réservation
      </ButtonLink>
    </PaymentDone>
  );
}

export { ExtensionPage as Component };
