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
import { InspectionForm } from './components/inspection-form';
import { MissionFacts } from './components/mission-card';
import { StaffPage } from './staff-guard';

/** /equipe/mission/{bookingId}/{kind}: one mission, and the handover form at a delivery. */
export function MissionPage() {
  const { bookingId = '', kind: rawKind } = useParams();
  const kind = MissionKind.safeParse(rawKind).data ?? 'delivery';
  const { user } = useAuth();
  const mission = useQuery({ ...missionQuery(bookingId, kind), enabled: user !== null });
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
        <MissionView mission={mission.data} />
      )}
    </StaffPage>
  );
}

function MissionView({ mission: loaded }: { mission: MissionDetail }) {
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

  return (
    <div className="mt-6 grid gap-6">
      <div className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
        <MissionFacts mission={mission}>
          {open && agentTravels && mission.status === 'planned' && (
            <Button
              size="lg"
              className="mt-2 w-full sm:w-auto"
              disabled={depart.isPending}
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
      {open && <InspectionForm mission={loaded} onRecorded={() => setRecorded(true)} />}
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
