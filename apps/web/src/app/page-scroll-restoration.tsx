import { ScrollRestoration, type Location } from 'react-router';

const STORAGE_KEY = 'vroum-scroll-positions';

/** The page's address names the first entry of a document, which React Router keys "default". */
const addressKey = (pathname: string, search: string) => `page:${pathname}${search}`;
const scrollKey = (location: Location) =>
  location.key === 'default' ? addressKey(location.pathname, location.search) : location.key;

/**
 * A page opened afresh (an address typed, a link from a page sent as a document) starts at its
 * top; a reload, or a return to it, keeps where it was left. React Router keys the first entry of
 * every document alike, so a new document used to open where the last one had been scrolled to.
 */
function forgetScrollOfFreshDocument(): void {
  if (typeof window === 'undefined' || typeof performance.getEntriesByType !== 'function') return;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation?.type !== 'navigate') return;
  try {
    const positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<
      string,
      number
    >;
    delete positions[addressKey(window.location.pathname, window.location.search)];
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage refused: no position is kept either.
  }
}

forgetScrollOfFreshDocument();

/**
 * Each visit of a page opens at its top; going back returns where it was left. Changes that stay
 * on the page (filters, tabs) keep the scroll with preventScrollReset.
 */
export function PageScrollRestoration() {
  return <ScrollRestoration getKey={scrollKey} storageKey={STORAGE_KEY} />;
}
