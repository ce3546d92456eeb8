import { LayoutDashboard } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Tabs, tabPanelProps, useTabParam } from '../../components/ui/tabs';
import { usePageMeta } from '../../lib/use-page-meta';
import { AdminAccessState, useAdminGate } from './components/admin-gate';
import { ReservationsTab } from './components/reservations-tab';
import { MailboxSection } from './components/mailbox-section';
import { PromotionsTab } from './components/promotions-tab';
import { ReviewsTab } from './components/reviews-tab';
import { UsersTab } from './components/users-tab';
import { VehiclesTab } from './components/vehicles-tab';

const TABS = [
  { value: 'vehicules', label: 'Véhicules' },
  { value: 'reservations', label: 'Réservations' },
  { value: 'utilisateurs', label: 'Utilisateurs' },
  { value: 'avis', label: 'Avis' },
  { value: 'promotions', label: 'Promotions' },
] as const;
const TAB_VALUES = TABS.map((item) => item.value);

/**
 * /admin: the five tabs the specification fixes, for an administrator (`useAdminGate` sends
 * anyone else away), and a link to the dashboard's own page.
 */
export function AdminPage() {
  usePageMeta('Administration');
  const gate = useAdminGate();
  const [tab, setTab] = useTabParam(TAB_VALUES, 'vehicules');

  // On a phone the tabs run past the screen: the open one is brought into the bar's view.
  const tabBar = useRef<HTMLDivElement>(null);
  const { ready } = gate;
  useEffect(() => {
    const bar = tabBar.current;
    const open = bar?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!bar || !open) return;
    const [outer, inner] = [bar.getBoundingClientRect(), open.getBoundingClientRect()];
    if (inner.left < outer.left || inner.right > outer.right) {
      bar.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2;
    }
  }, [tab, ready]);

  if (gate.redirect) return <Navigate to={gate.redirect} replace />;

  return (
    <section className="bg-ivory py-12 md:py-16">
      <div className="container-page max-w-6xl">
        <p className="eyebrow">Espace administrateur</p>
        <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
          <h1 className="font-display text-5xl text-ink">Administration</h1>
          {ready && (
            <ButtonLink to="/admin/tableau-de-bord" variant="outline">
              <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
              Tableau de bord
            </ButtonLink>
          )}
        </div>
        {!ready ? (
          <AdminAccessState gate={gate} />
        ) : (
          <>
            <div className="mt-10 rounded-3xl bg-paper p-6 shadow-sm ring-1 ring-mist md:p-10">
              <div ref={tabBar} className="overflow-x-auto">
                <Tabs
                  items={TABS}
                  value={tab}
                  onChange={setTab}
                  idPrefix="admin"
                  label="Administration"
                />
              </div>
              <div {...tabPanelProps('admin', tab)} className="mt-8 outline-none">
                {tab === 'vehicules' && <VehiclesTab />}
                {tab === 'reservations' && <ReservationsTab />}
                {tab === 'utilisateurs' && <UsersTab />}
                {tab === 'avis' && <ReviewsTab />}
                {tab === 'promotions' && <PromotionsTab />}
              </div>
            </div>
            <MailboxSection />
          </>
        )}
      </div>
    </section>
  );
}

export { AdminPage as Component };
