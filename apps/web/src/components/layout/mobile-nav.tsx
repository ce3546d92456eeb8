import { CalendarCheck, Menu as MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../lib/navigation';
import { t } from '../../lib/i18n/messages';
import { Sheet } from '../ui/sheet';
import { AccountMenu } from './account-menu';
import { LocaleMenu } from './locale-menu';
import { MessagingLink } from './messaging-link';
import { NAV_LINKS } from './nav-links';
import { NotificationsEntry } from './notifications-entry';

const sheetLinkClass =
  'flex items-center gap-2 border-b border-paper/10 py-3.5 text-base hover:text-gold';

/** Below the lg breakpoint the header links live in a sheet that slides in from the right. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      {/* The bell stays in the bar, where its unread count is seen without opening the menu. */}
      <div className="ml-auto flex items-center gap-1 xl:hidden">
        <NotificationsEntry />
        <button
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-full text-paper hover:text-gold"
          aria-label={t.nav.openMenu}
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <MenuIcon className="h-6 w-6" aria-hidden="true" />
        </button>
      </div>
      <Sheet
        open={open}
        onClose={close}
        title={t.nav.menuTitle}
        closeLabel={t.nav.closeMenu}
        className="bg-ink text-paper"
      >
        <nav aria-label={t.nav.label} className="flex flex-col">
          {NAV_LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              onClick={close}
              className="border-b border-paper/10 py-3.5 font-display text-2xl hover:text-gold"
            >
              {link.label}
            </Link>
          ))}
          <MessagingLink className={sheetLinkClass} iconClassName="h-5 w-5" />
          <Link to="/gerer-reservation" onClick={close} className={sheetLinkClass}>
            <CalendarCheck className="h-5 w-5 text-gold" aria-hidden="true" />
            {t.nav.manageBooking}
          </Link>
        </nav>
        <div className="mt-auto flex flex-wrap items-center gap-3 pb-2">
          <AccountMenu />
          <LocaleMenu tone="sheet" />
        </div>
      </Sheet>
    </>
  );
}
