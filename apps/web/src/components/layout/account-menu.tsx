import { ChevronDown, LogOut, Sparkles, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { t } from '../../lib/i18n/messages';
import { Menu, MenuSeparator, menuItemClass } from '../ui/menu';

const triggerClass =
  'inline-flex h-9 items-center gap-2 rounded-full border border-paper/25 px-4 text-sm font-medium text-paper hover:border-gold hover:text-gold';

/**
 * The account menu: 'Connexion | Inscription' with 'Connexion', 'Créer un compte' and
 * the inert 'Avantages du compte' when signed out; 'Mon compte' with 'Mon profil' and
 * 'Déconnexion' when signed in.
 */
export function AccountMenu() {
  const { user } = useAuth();
  const signOut = useSignOut();

  if (user) {
    return (
      <Menu
        triggerClassName={triggerClass}
        trigger={
          <>
            <UserRound className="h-4 w-4" aria-hidden="true" />
            <span>{t.account.signedInTrigger}</span>
            <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />
          </>
        }
      >
        {(close) => (
          <>
            <p role="presentation" className="truncate px-3 pt-2 pb-1 text-xs text-stone">
              {user.email}
            </p>
            <Link
              to="/profil"
              role="menuitem"
              tabIndex={-1}
              className={menuItemClass}
              onClick={close}
            >
              {t.account.profile}
            </Link>
            <MenuSeparator />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={menuItemClass}
              onClick={() => {
                close();
                signOut();
              }}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              {t.account.signOut}
            </button>
          </>
        )}
      </Menu>
    );
  }

  return (
    <Menu
      triggerClassName={triggerClass}
      trigger={
        <>
          <UserRound className="h-4 w-4" aria-hidden="true" />
          <span>{t.account.signedOutTrigger}</span>
          <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />
        </>
      }
    >
      {(close) => (
        <>
          <Link to="/auth" role="menuitem" tabIndex={-1} className={menuItemClass} onClick={close}>
            {t.account.signIn}
          </Link>
          <Link
            to="/auth?tab=inscription"
            role="menuitem"
            tabIndex={-1}
            className={menuItemClass}
            onClick={close}
          >
            {t.account.signUp}
          </Link>
          <MenuSeparator />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={menuItemClass}
            onClick={close}
          >
            <Sparkles className="h-4 w-4 text-gold-deep" aria-hidden="true" />
            {t.account.benefits}
          </button>
        </>
      )}
    </Menu>
  );
}
