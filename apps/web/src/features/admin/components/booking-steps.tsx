import type { AdminBooking } from '@vroum/core/admin';
import { STEP_STATE_LABELS, STEP_TITLES } from '@vroum/core/rental-step-labels';
import type { StepState } from '@vroum/core/rental-steps';
import { clsx } from 'clsx';
import { CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import { Link } from '../../../lib/navigation';
import { signedContractUrl, useAdminBookingSteps } from '../api/rental-steps-api';
import { badgeClass, errorMessage } from './states';

/** The steps exist once the rental is paid: shown from confirmation on. */
const WITH_STEPS = new Set<AdminBooking['bookingStatus']>(['confirmed', 'active', 'completed']);

const TONE: Record<StepState, string> = {
  todo: 'bg-ivory text-graphite ring-1 ring-mist',
  in_review: 'bg-gold-soft text-gold-deep',
  done: 'bg-success/10 text-success',
  refused: 'bg-danger/10 text-danger',
};

function StepRow({ title, state }: { title: string; state: StepState }) {
  const Icon = state === 'done' ? CircleCheck : state === 'refused' ? TriangleAlert : Clock;
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="text-graphite">{title} :</span>{' '}
      <span className={clsx(badgeClass, TONE[state])}>
        <Icon className="h-3.5 w-3.5" aria-hidden="true" />
        {STEP_STATE_LABELS[state]}
      </span>
    </li>
  );
}

/**
 * The identity check and the contract of a booking, the signed contract, and the way to the
 * handover page (confirmed bookings only; the server refuses it while a step is missing).
 */
export function BookingSteps({ booking }: { booking: AdminBooking }) {
  const withSteps = WITH_STEPS.has(booking.bookingStatus);
  const steps = useAdminBookingSteps(booking.id, withSteps);
  if (!withSteps) return null;

  return (
    <section
      aria-label={`Étapes avant la remise, réservation ${booking.reference}`}
      className="flex flex-col gap-3 border-t border-mist pt-4 text-sm md:col-span-3 md:flex-row md:items-center md:justify-between"
    >
      {steps.isPending ? (
        <p role="status" className="text-stone">
          Chargement des étapes...
        </p>
      ) : steps.isError ? (
        <p className="text-stone">
          {steps.error instanceof ApiRequestError && steps.error.status === 404
            ? 'Étapes indisponibles pour cette réservation.'
            : `Étapes indisponibles\u00a0: ${errorMessage(steps.error)}`}
        </p>
      ) : (
        <div className="grid gap-2">
          {booking.stepsFlagged && !steps.data.ready && booking.bookingStatus === 'confirmed' && (
            <p className="font-semibold text-danger">
              À traiter&nbsp;: étapes incomplètes moins de 24&nbsp;h avant la livraison
            </p>
          )}
          <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
            <StepRow title={STEP_TITLES.identity} state={steps.data.identity.state} />
            <StepRow title={STEP_TITLES.contract} state={steps.data.contract.state} />
          </ul>
          {steps.data.identity.reason && (
            <p className="text-xs text-danger">{steps.data.identity.reason}</p>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {steps.data?.contract.state === 'done' && (
          <a
            href={signedContractUrl(booking.id)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('outline', 'sm')}
          >
            Contrat signé (PDF)
          </a>
        )}
        {booking.bookingStatus === 'confirmed' && (
          <Link
            to={`/equipe/mission/${booking.id}/delivery`}
            className={buttonClass('primary', 'sm')}
          >
            Remettre le véhicule
          </Link>
        )}
      </div>
    </section>
  );
}
