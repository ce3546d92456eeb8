import { ACCOUNT_STATUS_LABELS } from '@vroum/core/account-status';
import { useState } from 'react';
import { useFormState } from '../../../components/form/use-form-state';
import { Pager, SearchField } from './list-controls';
import { formatAdminDate, formatPhone, formatShortDate } from '../../../lib/format';
import { useAdminUsers } from '../api/admin-api';
import { IdentityReviewButton } from './identity-review-dialog';
import { badgeClass, QueryStates } from './states';

const PAGE_SIZE = 20;
const STATUS_STYLES = {
  pending: 'bg-gold-soft text-gold-deep',
  validated: 'bg-success/10 text-success',
  rejected: 'bg-danger/10 text-danger',
} as const;
const orMissing = (value: string | null) => value || 'Non renseigné';

/** Utilisateurs: read-only, newest first, with search and pages; the identity queue opens here. */
export function UsersTab() {
  const [query, setQuery] = useState<{ q?: string; page: number }>({ page: 1 });
  const users = useAdminUsers({ ...query, pageSize: PAGE_SIZE });
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / PAGE_SIZE)) : 1;

  const turnPage = (by: number) => setQuery((current) => ({ ...current, page: current.page + by }));
  // A search is saved as the list's query, from its first page.
  const searchForm = useFormState({
    initial: { search: '' },
    save: ({ search }) => setQuery({ q: search.trim() || undefined, page: 1 }),
  });

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-3xl text-ink">Utilisateurs</h2>
        <IdentityReviewButton />
      </div>
      <form
        onSubmit={searchForm.submit}
        aria-label="Rechercher un utilisateur"
        className="mt-6 flex flex-wrap items-end gap-3"
      >
        <SearchField
          id="users-search"
          label="Nom, e-mail, téléphone ou ville"
          {...searchForm.bind('search')}
          className="min-w-60 flex-1"
        />
      </form>
      <div className="mt-6">
        <QueryStates
          query={users}
          isEmpty={(data) => data.users.length === 0}
          empty="Aucun utilisateur ne correspond."
        >
          {(data) => (
            <>
              <ul className="grid gap-3" aria-label="Utilisateurs">
                {data.users.map((user) => {
                  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
                  return (
                    <li
                      key={user.userId}
                      aria-label={user.email}
                      className="grid gap-3 rounded-2xl bg-paper p-4 ring-1 ring-mist md:grid-cols-[2fr_3fr_auto] md:items-center"
                    >
                      <div>
                        <p className="font-semibold text-ink">{name || 'Non renseigné'}</p>
                        <p className="text-sm text-graphite">{user.email}</p>
                      </div>
                      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-graphite">
                        <dt className="text-stone">Inscription</dt>
                        <dd>{formatAdminDate(user.createdAt)}</dd>
                        <dt className="text-stone">Téléphone</dt>
                        <dd>{orMissing(user.phone && formatPhone(user.phone))}</dd>
                        <dt className="text-stone">Ville</dt>
                        <dd>{orMissing(user.city)}</dd>
                        <dt className="text-stone">Pays</dt>
                        <dd>{orMissing(user.country)}</dd>
                        <dt className="text-stone">Date de naissance</dt>
                        <dd>
                          {user.dateOfBirth ? formatShortDate(user.dateOfBirth) : 'Non renseigné'}
                        </dd>
                      </dl>
                      <span className={`${badgeClass} w-fit ${STATUS_STYLES[user.accountStatus]}`}>
                        {ACCOUNT_STATUS_LABELS[user.accountStatus]}
                      </span>
                    </li>
                  );
                })}
              </ul>
              <Pager
                label="Pages des utilisateurs"
                onPrevious={query.page > 1 ? () => turnPage(-1) : null}
                onNext={query.page < pages ? () => turnPage(1) : null}
              >
                <span className="text-sm text-stone">
                  Page {query.page} sur {pages} · {data.total} utilisateur
                  {data.total > 1 ? 's' : ''}
                </span>
              </Pager>
            </>
          )}
        </QueryStates>
      </div>
    </div>
  );
}
