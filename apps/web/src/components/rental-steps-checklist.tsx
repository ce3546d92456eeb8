import { STEP_STATE_LABELS, STEP_TITLES } from '@vroum/core/rental-step-labels';
import type { RentalSteps, StepState } from '@vroum/core/rental-steps';
import { clsx } from 'clsx';
import {
  CircleCheck,
  Clock,
  FileSignature,
  IdCard,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { contractDocumentUrl, useRentalSteps } from '../lib/rental-steps';
import { ButtonLink, buttonClass } from './ui/button';

const TONE: Record<StepState, string> = {
  todo: 'bg-ivory text-graphite ring-mist',
  in_review: 'bg-gold/15 text-gold-deep ring-gold/30',
  done: 'bg-success/10 text-success ring-success/25',
  refused: 'bg-danger/10 text-danger ring-danger/25',
};

function StateBadge({ state }: { state: StepState }) {
  const Icon = state === 'done' ? CircleCheck : state === 'refused' ? TriangleAlert : Clock;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ring-1',
        TONE[state],
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {STEP_STATE_LABELS[state]}
    </span>
  );
}

/**
 * The two steps between payment and handover, each with its state and the action to take. Shown
 * on the confirmation, the booking's page and the profile, to the booking's owner only.
 */
export function RentalStepsChecklist({
  bookingId,
  compact = false,
}: {
  bookingId: string;
  compact?: boolean;
}) {
  const steps = useRentalSteps(bookingId);
  if (!steps.data) return null;
  return <StepsList steps={steps.data} compact={compact} />;
}

/** One step: its icon and title, where it stands, then what the customer can do. */
function StepItem({
  icon: Icon,
  title,
  state,
  children,
}: {
  icon: LucideIcon;
  title: string;
  state: StepState;
  children: ReactNode;
}) {
  return (
    <li className="rounded-2xl bg-ivory/60 p-4 ring-1 ring-mist">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold text-ink">
          <Icon className="h-5 w-5 text-gold-deep" aria-hidden="true" />
          {title}
        </h3>
        <StateBadge state={state} />
      </div>
      {children}
    </li>
  );
}

function StepsList({ steps, compact }: { steps: RentalSteps; compact: boolean }) {
  const { bookingId, identity, contract } = steps;
  const contractState: StepState = contract.state;
  return (
    <section
      aria-label="Étapes avant la livraison"
      className={clsx(!compact && 'rounded-3xl bg-paper p-6 ring-1 ring-mist md:p-8')}
    >
      {!compact && (
        <>
          <h2 className="font-display text-3xl text-ink">Avant la livraison</h2>
          <p className="mt-1 text-sm text-graphite">
            Deux étapes obligatoires, à terminer au plus tard 24&nbsp;h avant la livraison.
          </p>
        </>
      )}
      <ol className={clsx('grid gap-3', !compact && 'mt-5 md:grid-cols-2')}>
        <StepItem icon={IdCard} title={STEP_TITLES.identity} state={identity.state}>
          {identity.reason && (
            <p
              className="mt-2 text-sm text-danger"
              role={identity.state === 'refused' ? 'note' : undefined}
            >
              {identity.reason}
            </p>
          )}
          {identity.state === 'in_review' && (
            <p className="mt-2 text-sm text-graphite">
              Notre équipe vérifie vos documents, généralement en moins de 2 heures ouvrées.
            </p>
          )}
          {(identity.state === 'todo' || identity.state === 'refused') && (
            <ButtonLink to={`/reservation/${bookingId}/identite`} size="sm" className="mt-3">
              {identity.state === 'refused'
                ? 'Envoyer de nouveaux documents'
                : 'Vérifier mon identité'}
            </ButtonLink>
          )}
        </StepItem>
        <StepItem icon={FileSignature} title={STEP_TITLES.contract} state={contractState}>
          {contract.state === 'done' ? (
            <a
              href={contractDocumentUrl(bookingId, true)}
              className={buttonClass('outline', 'sm', 'mt-3')}
              download
            >
              Télécharger le contrat signé
            </a>
          ) : (
            <ButtonLink to={`/reservation/${bookingId}/contrat`} size="sm" className="mt-3">
              {contract.version && contract.version > 1
                ? 'Signer la nouvelle version du contrat'
                : 'Lire et signer le contrat'}
            </ButtonLink>
          )}
        </StepItem>
      </ol>
    </section>
  );
}
