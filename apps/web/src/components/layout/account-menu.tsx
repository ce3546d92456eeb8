import { ChevronDown, Sparkles, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { t } from '../../lib/i18n/messages';
import { Menu, MenuSeparator, menuItemClass } from '../ui/menu';

/** The signed-out account menu of SPEC §2: 'Connexion', 'Créer un compte', 'Avantages du compte'. */
export function AccountMenu() {
  return (
    <Menu
      triggerClassName="inline-flex h-9 items-center gap-2 rounded-full border border-paper/25 px-4 text-sm font-medium text-paper hover:border-gold hover:text-gold"
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
