import { LogOut, Sparkles, UserRound } from 'lucide-react';
import { useAuth } from '../../lib/auth/auth-context';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { t } from '../../lib/i18n/messages';
import { Menu, MenuItem, MenuLink, MenuSeparator, MenuTriggerContent } from '../ui/menu';

const triggerClass =
  'inline-flex h-9 items-center gap-2 rounded-full border border-paper/25 px-4 text-sm font-medium text-paper hover:border-gold hover:text-gold';
const userIcon = <UserRound className="h-4 w-4" aria-hidden="true" />;

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
          <MenuTriggerContent icon={userIcon}>{t.account.signedInTrigger}</MenuTriggerContent>
        }
      >
        {(close) => (
          <>
            <p role="presentation" className="truncate px-3 pt-2 pb-1 text-xs text-stone">
              {user.email}
            </p>
            <MenuLink to="/profil" onClick={close}>
              {t.account.profile}
            </MenuLink>
            <MenuSeparator />
            <MenuItem
              onClick={() => {
                close();
                signOut();
              }}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              {t.account.signOut}
            </MenuItem>
          </>
        )}
      </Menu>
    );
  }

  return (
    <Menu
      triggerClassName={triggerClass}
      trigger={
        <MenuTriggerContent icon={userIcon}>{t.account.signedOutTrigger}</MenuTriggerContent>
      }
    >
      {(close) => (
        <>
          <MenuLink to="/auth" onClick={close}>
            {t.account.signIn}
          </MenuLink>
          <MenuLink to="/auth?tab=inscription" onClick={close}>
            {t.account.signUp}
          </MenuLink>
          <MenuSeparator />
          <MenuItem onClick={close}>
            <Sparkles className="h-4 w-4 text-gold-deep" aria-hidden="true" />
            {t.account.benefits}
          </MenuItem>
        </>
      )}
    </Menu>
  );
}
