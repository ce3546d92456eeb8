import { CalendarCheck } from 'lucide-react';
import { Link, NavLink } from '../../lib/navigation';
import { clsx } from 'clsx';
import { t } from '../../lib/i18n/messages';
import { AccountMenu } from './account-menu';
import { BrandMark } from './brand-mark';
import { LocaleMenu } from './locale-menu';
import { MessagingLink } from './messaging-link';
import { MobileNav } from './mobile-nav';
import { NAV_LINKS } from './nav-links';
import { NotificationsEntry } from './notifications-entry';

export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b border-paper/10 bg-ink/95 backdrop-blur supports-[backdrop-filter]:bg-ink/85">
      <div className="container-page flex h-16 max-w-[96rem] items-center gap-4 lg:h-20">
        <BrandMark />
        <nav
          aria-label={t.nav.label}
          className="hidden flex-1 items-center gap-0.5 whitespace-nowrap xl:flex"
        >
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                clsx(
                  'rounded-full px-2.5 py-2 text-sm font-medium transition-colors',
                  isActive && !link.to.includes('#')
                    ? 'text-gold'
                    : 'text-paper/80 hover:text-paper',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
          <MessagingLink
            className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-medium text-paper/80 hover:text-paper"
            iconClassName="h-4 w-4"
          >
            {/* Its icon alone below 1536 px: with its words the bar is wider than a 1280 px screen. */}
            <span aria-hidden="true" className="hidden 2xl:inline">
              {t.nav.messagingShort}
            </span>
            <span className="sr-only">{t.nav.messaging}</span>
          </MessagingLink>
        </nav>
        <div className="ml-auto hidden items-center gap-1 whitespace-nowrap xl:flex">
          <Link
            to="/gerer-reservation"
            className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-paper/80 hover:text-gold"
          >
            <CalendarCheck className="h-4 w-4" aria-hidden="true" />
            {t.nav.manageBooking}
          </Link>
          <LocaleMenu />
          <NotificationsEntry />
          <AccountMenu />
        </div>
        <MobileNav />
      </div>
    </header>
  );
}
