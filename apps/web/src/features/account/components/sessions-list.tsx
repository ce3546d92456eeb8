import { Laptop, LogOut, Smartphone } from 'lucide-react';
import type { AccountSession } from '@vroum/core/account-sessions';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatAdminDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useMySessions, useSignOutOtherSessions, useSignOutSession } from '../api/sessions';

const PHONE = /iPhone|Android|iPad/;

/**
 * Where the account is signed in: device, address (no place is looked up from it: « Lieu
 * inconnu » when there is none), last use; « Cet appareil » for this browser.
 */
function SessionItem({ session }: { session: AccountSession }) {
  const signOut = useSignOutSession();
  const Icon = PHONE.test(session.device) ? Smartphone : Laptop;
  return (
    <li className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 py-4 sm:grid-cols-[auto_1fr_auto]">
      <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-ivory text-graphite ring-1 ring-mist">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">
          {session.device}
          {session.current && (
            <span className="ml-2 rounded-full bg-gold-soft px-2 py-0.5 text-xs font-semibold text-gold-deep">
              Cet appareil
            </span>
          )}
        </p>
        <p className="text-sm break-words text-graphite">
          <span className="block sm:inline">{session.ipAddress ?? 'Lieu inconnu'}</span>
          <span aria-hidden="true" className="hidden sm:inline">
            {' · '}
          </span>
          <span className="block sm:inline">
            {`Dernière activité\u00a0: ${formatAdminDateTime(session.lastSeenAt)}`}
          </span>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          className="col-start-2 justify-self-start sm:col-start-3"
          disabled={signOut.isPending}
          aria-label={`Déconnecter ${session.device}`}
          onClick={() =>
            signOut.mutate(session.id, {
              onSuccess: () => notify.success('Appareil déconnecté'),
              onError: (error) => notify.error('Déconnexion impossible', errorMessage(error)),
            })
          }
        >
          Déconnecter
        </Button>
      )}
    </li>
  );
}

export function SessionsList() {
  const sessions = useMySessions();
  const signOutOthers = useSignOutOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="sessions-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="sessions-title" className="font-display text-2xl text-ink">
          Appareils connectés
        </h3>
        {others > 0 && (
          <Button
            variant="outline"
            size="sm"
            disabled={signOutOthers.isPending}
            onClick={() =>
              signOutOthers.mutate(undefined, {
                onSuccess: () => notify.success('Autres appareils déconnectés'),
                onError: (error) => notify.error('Déconnexion impossible', errorMessage(error)),
              })
            }
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Déconnecter les autres appareils
          </Button>
        )}
      </div>
      {sessions.isPending ? (
        <p className="mt-4 text-sm text-stone">Chargement...</p>
      ) : sessions.isError ? (
        <p className="mt-4 text-sm text-danger">Impossible de charger vos appareils.</p>
      ) : (
        <ul className="mt-2 divide-y divide-mist" aria-label="Sessions ouvertes">
          {list.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
      )}
    </section>
  );
}
