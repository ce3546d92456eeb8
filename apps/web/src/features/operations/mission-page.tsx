import { MissionKind, type MissionDetail } from '@vroum/core/operations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { formatShortDate } from '../../lib/format';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { missionQuery, setOff } from './api';
import { HandoverBlockers } from './components/handover-blockers';
import { InspectionForm } from './components/inspection-form';
import { MissionFacts } from './components/mission-card';
import { StaffPage } from './staff-guard';

/** How often a delivery whose handover is blocked asks again whether it is still. */
const BLOCKED_REFRESH_MS = 30_000;

/** /equipe/mission/{bookingId}/{kind}: one mission, and the handover form at a delivery. */
export function MissionPage() {
  const { bookingId = '', kind: rawKind } = useParams();
  const kind = MissionKind.safeParse(rawKind).data ?? 'delivery';
  const { user } = useAuth();
  const mission = useQuery({
    ...missionQuery(bookingId, kind),
    enabled: user !== null,
    // While the handover waits for the customer or the team, the page follows it on its own.
    refetchInterval: (query) =>
      (query.state.data?.handoverBlockers.length ?? 0) > 0 ? BLOCKED_REFRESH_MS : false,
  });
  usePageMeta(mission.data ? `Mission ${mission.data.reference}` : 'Mission');
  const title = kind === 'delivery' ? 'Livraison' : 'Retour';

  return (
    <StaffPage title={title} error={mission.error}>
      {mission.isPending ? (
        <p role="status" className="mt-8 text-stone">
          Chargement...
        </p>
      ) : mission.isError ? (
        <p role="alert" className="mt-8 text-danger">
          {errorMessage(mission.error)}
        </p>
      ) : (
        <MissionView
          mission={mission.data}
          checking={mission.isFetching}
          onCheck={() => void mission.refetch()}
        />
      )}
    </StaffPage>
  );
}

function MissionView({
  mission: loaded,
  checking,
  onCheck,
}: {
  mission: MissionDetail;
  checking: boolean;
  onCheck: () => void;
}) {
  const queryClient = useQueryClient();
  // Once recorded here, the facts show the mission done while the form keeps its outcome.
  const [recorded, setRecorded] = useState(false);
  const mission: MissionDetail = recorded
    ? { ...loaded, status: loaded.kind === 'delivery' ? 'delivered' : 'collected' }
    : loaded;
  // Nobody drives to a customer who brings the car back to the agency.
  const agentTravels = !(mission.kind === 'return' && mission.returnMode === 'agency');
  const depart = useMutation({
    mutationFn: () => setOff(mission.bookingId, mission.kind),
    onSuccess: () => {
      notify.success('Client prévenu', 'Le client sait que vous êtes en route.');
      void queryClient.invalidateQueries({ queryKey: ['agent', 'missions'] });
    },
    onError: (error) => notify.error('Erreur', errorMessage(error)),
  });
  const open =
    mission.kind === 'delivery'
      ? mission.bookingStatus === 'confirmed'
      : mission.bookingStatus === 'active';
  // The server refuses the handover until these are done: nobody sets off or fills it before.
  const blocked = open && !recorded && mission.handoverBlockers.length > 0;

  return (
    <div className="mt-6 grid gap-6">
      {blocked && (
        <HandoverBlockers
          id="handover-blockers"
          mission={mission}
          checking={checking}
          onCheck={onCheck}
        />
      )}
      <div className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
        <MissionFacts mission={mission}>
          {open && agentTravels && mission.status === 'planned' && (
            <Button
              size="lg"
              className="mt-2 w-full sm:w-auto"
              disabled={depart.isPending || blocked}
              aria-describedby={blocked ? 'handover-blockers-title' : undefined}
              onClick={() => depart.mutate()}
            >
              Je pars&nbsp;: prévenir le client
            </Button>
          )}
        </MissionFacts>
      </div>
      {mission.kind === 'delivery' && (
        <section
          aria-labelledby="driver-title"
          className="rounded-2xl bg-paper p-5 ring-1 ring-mist"
        >
          <h2 id="driver-title" className="font-display text-2xl text-ink">
            Conducteur validé
          </h2>
          <dl className="mt-3 grid gap-2 text-sm">
            <Fact label="Nom" value={`${mission.driver.firstName} ${mission.driver.lastName}`} />
            {mission.driver.dateOfBirth && (
              <Fact label="Né(e) le" value={formatShortDate(mission.driver.dateOfBirth)} />
            )}
            <Fact label="Permis n°" value={mission.driver.licenseNumber} />
            {mission.driver.licenseIssueDate && (
              <Fact label="Délivré le" value={formatShortDate(mission.driver.licenseIssueDate)} />
            )}
          </dl>
        </section>
      )}
      {open && !blocked && <InspectionForm mission={loaded} onRecorded={() => setRecorded(true)} />}
      {(mission.kind === 'delivery'
        ? mission.bookingStatus === 'active' || mission.bookingStatus === 'completed'
        : mission.bookingStatus === 'completed') && (
        <p className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
          {mission.kind === 'delivery' ? 'Véhicule remis.' : 'Véhicule restitué.'}{' '}
          <a
            className="text-gold-deep underline"
            href={`/api/v1/bookings/${mission.bookingId}/inspections/${mission.kind === 'delivery' ? 'handover' : 'return'}/report`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {mission.kind === 'delivery'
              ? 'Procès-verbal de livraison (PDF)'
              : 'Procès-verbal de restitution (PDF)'}
          </a>
        </p>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-stone">{label}</dt>
      <dd className="text-right font-semibold text-ink">{value}</dd>
    </div>
  );
}

export { MissionPage as Component };
