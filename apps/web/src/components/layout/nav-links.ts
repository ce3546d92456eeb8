import { t } from '../../lib/i18n/messages';

/**
 * The header links: home, fleet, how it works, booking (the messaging-app link is added by the
 * header, from config).
 */
export const NAV_LINKS = [
  { to: '/', label: t.nav.home, end: true },
  { to: '/flotte', label: t.nav.fleet, end: false },
  { to: '/comment-ca-marche', label: t.nav.howItWorks, end: false },
  { to: '/#reserver', label: t.nav.book, end: false },
] as const;
