import { CANCELLATION_POLICY, type CancellationQuote } from '@vroum/core/cancellation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { formatEuros, formatLongDateTime } from '../../../lib/format';
import { myBookingsQuery } from '../../../lib/queries';
import { notify } from '../../../lib/toast';
import { cancelBooking, fetchCancellationQuote } from '../api';

/**
 * The owner's cancellation of an upcoming booking: the policy, what cancelling now would cost
 * and give back (computed by the server), and a confirmation before anything is done.
 */
export function CancelBooking({ bookingId }: { bookingId: string }) {
  const { user, loading } = useAuth();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const quote = useQuery({
    queryKey: ['booking', bookingId, 'cancellation'],
    queryFn: ({ signal }) => fetchCancellationQuote(bookingId, signal),
    enabled: user !== null,
    retry: false,
  });
  const cancel = useMutation({
    mutationFn: () => cancelBooking(bookingId),
    onSuccess: (done) => {
      setOpen(false);
      notify.success('Réservation annulée', refundSentence(done));
      void queryClient.invalidateQueries({ queryKey: ['booking', bookingId] });
      void queryClient.invalidateQueries({ queryKey: myBookingsQuery().queryKey });
    },
    onError: (error) => notify.error('Annulation impossible', errorMessage(error)),
  });

  // Until the session is read, nothing: a signed-in owner must not be asked to sign in meanwhile.
  if (loading) return null;
  if (!user) {
    return (
      <Section>
        <p>Pour annuler, connectez-vous au compte avec lequel vous avez réservé.</p>
      </Section>
    );
  }
  // Another customer's booking seen by an administrator: nothing to offer here.
  if (!quote.data) return null;
  const terms = quote.data;
  return (
    <Section>
      {terms.cancellable ? (
        <>
          <p>
            {terms.feeCents === 0
              ? `Annulation gratuite jusqu’au ${formatLongDateTime(terms.freeUntil)}.`
              : `Frais d’annulation si vous annulez maintenant\u00a0: ${formatEuros(terms.feeCents)}.`}
          </p>
          <Button variant="outline" className="mt-4" onClick={() => setOpen(true)}>
            Annuler la réservation
          </Button>
        </>
      ) : (
        <p>{terms.reason}</p>
      )}
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Annuler la réservation&nbsp;?">
        <dl className="grid gap-2 text-sm">
          <Line label="Montant payé" value={formatEuros(terms.paidCents)} />
          <Line label="Frais d’annulation" value={formatEuros(terms.feeCents)} />
          <Line label="Remboursé sur votre carte" value={formatEuros(terms.refundCents)} strong />
        </dl>
        <p className="text-sm text-graphite">
          La caution retenue sur votre carte est libérée. Le remboursement arrive sous 14&nbsp;jours
          au plus. Cette annulation est définitive.
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Garder ma réservation
          </Button>
          <Button disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? 'Annulation…' : 'Confirmer l’annulation'}
          </Button>
        </div>
      </ModalDialog>
    </Section>
  );
}

function refundSentence(done: CancellationQuote): string {
  return done.refundCents > 0
    ? `${formatEuros(done.refundCents)} vous seront remboursés sur votre carte.`
    : 'La caution retenue sur votre carte est libérée.';
}

function Section({ children }: { children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="cancel-booking-title"
      className="rounded-3xl bg-paper p-6 text-sm text-graphite ring-1 ring-mist"
    >
      <h2 id="cancel-booking-title" className="font-display text-2xl text-ink">
        Annulation
      </h2>
      <p className="mt-2">{CANCELLATION_POLICY}</p>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Line({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'font-semibold text-ink' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
