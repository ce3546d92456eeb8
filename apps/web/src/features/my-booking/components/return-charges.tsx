import type { BookingDetail } from '@vroum/core/booking';
import {
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_STATUS_LABELS,
  type Dispute,
} from '@vroum/core/return-disputes';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, Scale } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth/auth-context';
import { formatEuros, formatLongDate } from '../../../lib/format';
import { fetchBalanceState, fetchDisputeState } from '../api';
import { DisputeForm } from './dispute-form';

/**
 * After the return, for the signed-in customer: what their card refused and the secure page to
 * pay it, and the return charges they may contest within the days the terms give, then the
 * team's answer.
 */
export function ReturnCharges({ booking }: { booking: BookingDetail }) {
  const { user } = useAuth();
  const enabled = user !== null && booking.collection.status === 'collected';
  const balance = useQuery({
    queryKey: ['booking', booking.id, 'balance'],
    queryFn: ({ signal }) => fetchBalanceState(booking.id, signal),
    enabled,
    retry: false,
  });
  const dispute = useQuery({
    queryKey: ['booking', booking.id, 'dispute'],
    queryFn: ({ signal }) => fetchDisputeState(booking.id, signal),
    enabled,
    retry: false,
  });
  if (!enabled || !balance.data || !dispute.data) return null;
  const due = balance.data.balanceDueCents;
  const state = dispute.data;
  if (due === 0 && state.chargedCents === 0) return null;
  return (
    <section
      aria-labelledby="return-charges-title"
      className="mt-6 rounded-2xl bg-paper p-5 ring-1 ring-mist"
    >
      <h2 id="return-charges-title" className="font-display text-2xl text-ink">
        Frais de restitution
      </h2>
      {state.chargedCents > 0 && (
        <p className="mt-1 text-sm text-graphite">
          Facturés au retour du véhicule&nbsp;:{' '}
          <strong className="whitespace-nowrap text-ink">{formatEuros(state.chargedCents)}</strong>{' '}
          (détail dans le procès-verbal de restitution).
        </p>
      )}
      {due > 0 && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-danger/5 p-4 ring-1 ring-danger/20">
          <p className="text-sm text-ink">
            <CreditCard className="mr-2 inline h-4 w-4 text-danger" aria-hidden="true" />
            Reste à régler&nbsp;: <strong className="whitespace-nowrap">{formatEuros(due)}</strong>
            {balance.data.disputed && (
              <span className="block text-graphite">
                Rien ne vous est demandé tant que votre contestation est examinée.
              </span>
            )}
          </p>
          {!balance.data.disputed && (
            <ButtonLink to={`/reservation/${booking.id}/solde`} size="sm">
              Régler le solde
            </ButtonLink>
          )}
        </div>
      )}
      {state.dispute ? (
        <DisputeSummary dispute={state.dispute} />
      ) : state.canContest && state.contestUntil ? (
        <DisputeForm bookingId={booking.id} contestUntil={state.contestUntil} />
      ) : state.contestUntil && state.chargedCents > 0 ? (
        <p className="mt-4 text-sm text-stone">
          Le délai de contestation a pris fin le {formatLongDate(state.contestUntil)}.
        </p>
      ) : null}
    </section>
  );
}

function DisputeSummary({ dispute }: { dispute: Dispute }) {
  return (
    <div className="mt-4 rounded-xl bg-ivory p-4 ring-1 ring-mist" aria-label="Votre contestation">
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
        <Scale className="h-4 w-4 text-gold-deep" aria-hidden="true" />
        Votre contestation&nbsp;: {DISPUTE_STATUS_LABELS[dispute.status]}
      </p>
      <p className="mt-2 text-sm whitespace-pre-line text-graphite">« {dispute.reason} »</p>
      {dispute.status === 'open' && (
        <p className="mt-2 text-sm text-graphite">
          Un responsable compare les deux états des lieux et vous répond par écrit.
        </p>
      )}
      {dispute.status === 'decided' && dispute.outcome && (
        <div className="mt-3 border-t border-mist pt-3 text-sm">
          <p className="font-semibold text-ink">
            {DISPUTE_OUTCOME_LABELS[dispute.outcome]}
            {dispute.outcome === 'reduce' &&
              ` : ${formatEuros(dispute.keptCents ?? 0)} au lieu de ${formatEuros(dispute.contestedCents)}`}
          </p>
          {(dispute.refundCents ?? 0) > 0 && (
            <p className="mt-1 text-graphite">
              Remboursé sur votre carte&nbsp;: {formatEuros(dispute.refundCents ?? 0)}
            </p>
          )}
          {(dispute.waivedCents ?? 0) > 0 && (
            <p className="mt-1 text-graphite">
              Ne vous est plus demandé&nbsp;: {formatEuros(dispute.waivedCents ?? 0)}
            </p>
          )}
          <p className="mt-2 text-graphite">
            <span className="font-semibold text-ink">Notre réponse&nbsp;:</span> {dispute.answer}
          </p>
        </div>
      )}
    </div>
  );
}
