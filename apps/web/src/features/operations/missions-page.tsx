import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { Link } from '../../lib/navigation';
import { usePageMeta } from '../../lib/use-page-meta';
import { myMissionsQuery } from './api';
import { MissionFacts } from './components/mission-card';
import { StaffPage } from './staff-guard';

/** /equipe: the agent's deliveries and returns, next first, on a phone. */
export function MissionsPage() {
  usePageMeta('Mes missions');
  const { user } = useAuth();
  const missions = useQuery({ ...myMissionsQuery(), enabled: user !== null });
  return (
    <StaffPage title="Mes missions" error={missions.error}>
      {missions.isPending ? (
        <p role="status" className="mt-8 text-stone">
          Chargement...
        </p>
      ) : missions.isError ? (
        <p role="alert" className="mt-8 text-danger">
          {errorMessage(missions.error)}
        </p>
      ) : missions.data.missions.length === 0 ? (
        <p className="mt-8 text-stone">Aucune mission ne vous est assignée pour le moment.</p>
      ) : (
        <ul className="mt-8 grid gap-4">
          {missions.data.missions.map((mission) => (
            <li
              key={`${mission.bookingId}-${mission.kind}`}
              aria-label={`Mission ${mission.reference}`}
              className="rounded-2xl bg-paper p-5 ring-1 ring-mist"
            >
              <MissionFacts mission={mission}>
                <Link
                  to={`/equipe/mission/${mission.bookingId}/${mission.kind}`}
                  className={buttonClass('primary', 'md', 'mt-2 w-full sm:w-auto')}
                >
                  Ouvrir la mission
                </Link>
              </MissionFacts>
            </li>
          ))}
        </ul>
      )}
    </StaffPage>
  );
}

export { MissionsPage as Component };
