import { ArrowLeft } from 'lucide-react';
import { Navigate } from 'react-router';
import { Link } from '../../lib/navigation';
import { usePageMeta } from '../../lib/use-page-meta';
import { useBusinessDashboard } from './api/dashboard-api';
import { AdminAccessState, useAdminGate } from './components/admin-gate';
import { DashboardCases } from './components/dashboard-cases';
import { formatDay } from './components/dashboard-format';
import { DashboardMissions } from './components/dashboard-missions';
import { DashboardOccupancy } from './components/dashboard-occupancy';
import { DashboardRevenue } from './components/dashboard-revenue';
import { QueryStates } from './components/states';

/**
 * /admin/tableau-de-bord: the administrator's dashboard, a page of its own beside the console
 * (whose five tabs the specification fixes): the cases waiting, the day's and the week's
 * deliveries and returns, the month's revenue and the fleet's occupancy, in Paris time.
 */
export function DashboardPage() {
  usePageMeta('Tableau de bord');
  const gate = useAdminGate();
  const dashboard = useBusinessDashboard(gate.ready);
  if (gate.redirect) return <Navigate to={gate.redirect} replace />;

  return (
    <section className="bg-ivory py-12 md:py-16">
      <div className="container-page max-w-6xl">
        <Link
          to="/admin"
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-graphite hover:text-ink"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Retour à l’administration
        </Link>
        <p className="eyebrow mt-4">Espace administrateur</p>
        <h1 className="mt-2 font-display text-5xl text-ink">Tableau de bord</h1>
        {!gate.ready ? (
          <AdminAccessState gate={gate} />
        ) : (
          <QueryStates query={dashboard} isEmpty={() => false} empty="">
            {(data) => (
              <>
                <p className="mt-3 text-sm text-stone">
                  Aujourd’hui, {formatDay(data.day)} (heure de Paris).
                </p>
                <div className="mt-8 grid gap-6">
                  <DashboardCases data={data} />
                  <div className="grid gap-6 lg:grid-cols-2">
                    <DashboardMissions data={data} />
                    <DashboardRevenue data={data} />
                  </div>
                  <DashboardOccupancy data={data} />
                </div>
              </>
            )}
          </QueryStates>
        )}
      </div>
    </section>
  );
}

export { DashboardPage as Component };
