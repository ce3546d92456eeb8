// The pages `npm run lighthouse` audits, and how a page that needs a visitor's state gets it.
import { checkoutDraftFor } from '@vroum/core/booking-draft';
import type { Page } from 'puppeteer-core';
import { DEMO_TOTP_SECRET } from '../../apps/api/src/db/seed-second-factor';
import { totpCode } from '../../e2e/support/totp';

/** An instant `days` from now at 09:00 UTC, as the search page's address carries it. */
const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(9, 0, 0, 0);
  return date.toISOString();
};

/** The demo administrator of a built app started with DEMO_MODE (the checkout needs a session). */
export const LIGHTHOUSE_ACCOUNT = { email: 'admin@vroum-prestige.fr', password: 'Lighthouse-2026' };

export interface AuditedPage {
  /** The name of its report file. */
  name: string;
  path: string;
  /** The page as the tables name it. */
  label: string;
  /** False for a private page, which asks search engines not to index it: no SEO budget. */
  indexed?: false;
  /**
   * Puts the browser's tab in the state a visitor reaching the page is in (signed in, the rental
   * of the funnel in session storage), on the app's origin, before Lighthouse loads the page.
   */
  prepare?: (page: Page, origin: string) => Promise<void>;
}

const SEARCH = new URLSearchParams({
  address: '10 Rue de Rivoli, 75001 Paris',
  start: inDays(21),
  end: inDays(24),
});

/**
 * The checkout as the options page leaves it: signed in, the rental (a Panamera for three days
 * three weeks ahead, delivered in Paris, basic protection) in the tab's session storage.
 */
async function signedInWithARental(page: Page, origin: string): Promise<void> {
  const draft = checkoutDraftFor({
    vehicleSlug: 'porsche-panamera',
    deliveryAddress: '10 Rue de Rivoli, 75001 Paris',
    deliveryFeeCents: 0,
    returnAddress: '',
    returnFeeCents: 0,
    startDate: inDays(21),
    endDate: inDays(24),
    withDriver: false,
    unlimitedKm: false,
    protection: 'basic',
    options: [],
  });
  if (!draft) throw new Error('The checkout draft of the Lighthouse run is not valid');
  // A document of the origin that loads none of the app's scripts: the checkout is then the first
  // page to load them, as on every other audited page. After one page of the app, the browser
  // writes the scripts' compiled code to its cache while the checkout loads (15–30 ms of the main
  // thread), which neither a first visit nor a later one spends.
  await page.goto(`${origin}/robots.txt`, { waitUntil: 'load' });
  const signedIn = await page.evaluate(
    // No function is named inside: tsx would name it with a helper (__name) the page lacks.
    async (account, saved, code) => {
      const post = { method: 'POST', headers: { 'content-type': 'application/json' } };
      let response = await fetch('/api/auth/sign-in/email', {
        ...post,
        body: JSON.stringify(account),
      });
      // The demo administrator passes the demo authenticator's code (decision 042).
      if (((await response.clone().json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
        response = await fetch('/api/auth/two-factor/verify-totp', {
          ...post,
          body: JSON.stringify({ code }),
        });
      }
      // Runs in the page: the scripts' types know Node's globals, not the browser's.
      const tab = globalThis as unknown as {
        sessionStorage: { setItem: (key: string, value: string) => void };
      };
      tab.sessionStorage.setItem('checkoutState', saved);
      return response.ok;
    },
    LIGHTHOUSE_ACCOUNT,
    JSON.stringify({
      state: draft,
      attempt: { idempotencyKey: `checkout-lighthouse-${Date.now()}` },
    }),
    totpCode(DEMO_TOTP_SECRET),
  );
  if (!signedIn) throw new Error('The Lighthouse run could not sign in to reach the checkout');
}

export const PAGES: AuditedPage[] = [
  { name: 'home', path: '/', label: '/' },
  { name: 'flotte', path: '/flotte?category=luxe', label: '/flotte?category=luxe' },
  { name: 'vehicule', path: '/vehicule/porsche-panamera', label: '/vehicule/porsche-panamera' },
  // The search's dates change every day: its row is named without them.
  { name: 'recherche', path: `/recherche?${SEARCH.toString()}`, label: '/recherche?(3 jours)' },
  {
    name: 'checkout',
    path: '/checkout',
    label: '/checkout',
    indexed: false,
    prepare: signedInWithARental,
  },
];
