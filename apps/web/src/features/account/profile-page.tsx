import { LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Tabs, tabPanelProps, useTabParam } from '../../components/ui/tabs';
import { useAuth } from '../../lib/auth/auth-context';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { useProfile } from './api/profile';
import { AccountSecurity } from './components/account-security';
import { AccountStatusBadge } from './components/account-status-badge';
import { DataRights } from './components/data-rights';
import { DocumentsPanel } from './components/documents-panel';
import { IdentityRefusalNotice } from './components/identity-refusal-notice';
import { MyBookingsList } from './components/my-bookings';
import { MyInvoices } from './components/my-invoices';
import { MyCodes } from './components/my-codes';
import { ProfileForm } from './components/profile-form';

const TABS = [
  { value: 'informations', label: 'Informations' },
  { value: 'documents', label: 'Documents' },
  { value: 'reservations', label: 'Réservations' },
] as const;
const TAB_VALUES = TABS.map((item) => item.value);

/** /profil ('Mon Profil'): signed-in users only. */
export function ProfilePage() {
  usePageMeta('Mon Profil');
  const { user, loading, signedOut } = useAuth();
  const signOut = useSignOut();
  const profile = useProfile();
  // The open tab lives in the address: '/profil?tab=reservations' opens the bookings.
  const [tab, setTab] = useTabParam(TAB_VALUES, 'informations');

  useEffect(() => {
    if (profile.isError) notify.error('Impossible de charger le profil');
  }, [profile.isError]);

  if (!loading && !user) return <Navigate to={signedOut ? '/' : '/auth'} replace />;

  return (
    <section className="bg-ivory py-12 md:py-16">
      <div className="container-page max-w-5xl">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <div>
            <p className="eyebrow">Espace client</p>
            <h1 className="mt-2 font-display text-5xl text-ink">Mon Profil</h1>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <p className="text-graphite">{user?.email}</p>
              {profile.data && <AccountStatusBadge status={profile.data.accountStatus} />}
            </div>
          </div>
          <Button variant="outline" onClick={signOut}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Déconnexion
          </Button>
        </div>

        {profile.data?.accountStatus === 'rejected' && (
          <IdentityRefusalNotice fallbackReason={profile.data.rejectionReason} />
        )}

        <div className="mt-10 rounded-3xl bg-paper p-4 shadow-sm ring-1 ring-mist sm:p-6 md:p-10">
          <Tabs
            items={TABS}
            value={tab}
            onChange={setTab}
            idPrefix="profil"
            label="Mon profil"
            fill
          />
          <div {...tabPanelProps('profil', tab)} className="mt-8 outline-none">
            {tab === 'informations' && (
              <>
                {profile.data ? (
                  <ProfileForm key={profile.data.userId} profile={profile.data} />
                ) : (
                  <p className="text-sm text-stone">Chargement...</p>
                )}
                {user && <AccountSecurity />}
                {user && <DataRights />}
              </>
            )}
            {tab === 'documents' && <DocumentsPanel />}
            {tab === 'reservations' && (
              <>
                <MyCodes />
                <MyBookingsList />
                <MyInvoices />
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

export { ProfilePage as Component };
