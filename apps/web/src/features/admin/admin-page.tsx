import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Tabs, tabPanelProps, useTabParam } from '../../components/ui/tabs';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { useAdminAccess } from './api/admin-access';
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
 * /admin: no user → /auth; a user without the admin role → the toast 'Accès refusé'
 * and back to /. The server checks the role again on every call.
 */
export function AdminPage() {
  usePageMeta('Administration');
  const { user, loading, signedOut } = useAuth();
  const access = useAdminAccess(user?.id);
  const navigate = useNavigate();
  const [tab, setTab] = useTabParam(TAB_VALUES, 'vehicules');

  // On a phone the tabs run past the screen: the open one is brought into the bar's view.
  const tabBar = useRef<HTMLDivElement>(null);
  const ready = access.data !== undefined;
  useEffect(() => {
    const bar = tabBar.current;
    const open = bar?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!bar || !open) return;
    const [outer, inner] = [bar.getBoundingClientRect(), open.getBoundingClientRect()];
    if (inner.left < outer.left || inner.right > outer.right) {
      bar.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2;
    }
  }, [tab, ready]);

  const denied = access.error instanceof ApiRequestError && access.error.status === 403;
  useEffect(() => {
    if (!denied) return;
    notify.error('Accès refusé', 'Vous n’avez pas les permissions d’administrateur.');
    void navigate('/', { replace: true });
  }, [denied, navigate]);

  if (!loading && !user) return <Navigate to={signedOut ? '/' : '/auth'} replace />;
  if (access.error instanceof ApiRequestError && access.error.status === 401) {
    return <Navigate to="/auth" replace />;
  }

  return (
    <section className="bg-ivory py-12 md:py-16">
      <div className="container-page max-w-6xl">
        <p className="eyebrow">Espace administrateur</p>
        <h1 className="mt-2 font-display text-5xl text-ink">Administration</h1>
        {!access.data ? (
          access.isError && !denied ? (
            <p role="alert" className="mt-8 text-sm text-danger">
              {access.error.message}
            </p>
          ) : (
            <p role="status" className="mt-8 text-sm text-stone">
              Chargement...
            </p>
          )
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
