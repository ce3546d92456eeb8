import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long after a change of page its heading may still come or change (data loading). */
const HEADING_WAIT_MS = 5000;
/** Long enough for a page that has just shown its heading to have set its title. */
const TITLE_DELAY_MS = 100;

/** Gives the heading the focus (it becomes focusable by script only), or `main` if none. */
function focusPageStart(main: HTMLElement): HTMLElement | null {
  const heading = main.querySelector('h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return heading;
  }
  main.focus({ preventScroll: true });
  return null;
}

/**
 * After each change of page (not the first load, not a change of query or hash only), moves the
 * focus to the new page's heading, or to `main` while the page has none yet, and has the page's
 * title read out by a polite live region: otherwise the focus stays on `<body>` and nothing is
 * said, and a keyboard or screen-reader user does not know the page changed.
 */
export function RouteAnnouncer({ mainId }: { mainId: string }) {
  const { pathname, hash } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // A link to an anchor of the page leads there instead.
    if (hash) return;
    const main = document.getElementById(mainId);
    if (!main) return;
    const announce = () => setAnnouncement(document.title);
    let announced = false;
    let delayed = 0;
    const place = () => {
      if (!focusPageStart(main) || announced) return;
      announced = true;
      // A heading shown later comes with its title, set by the page's effects after this change.
      delayed = window.setTimeout(announce, TITLE_DELAY_MS);
    };
    if (focusPageStart(main)) {
      announced = true;
      announce();
    }
    // A page still loading shows its heading later, or swaps a waiting heading for its own: the
    // focus follows, unless the visitor has moved it meanwhile.
    const observer = new MutationObserver(() => {
      const focused = document.activeElement;
      if (focused === document.body || focused === main) place();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => {
      observer.disconnect();
      if (!announced) announce();
    }, HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      window.clearTimeout(delayed);
    };
  }, [pathname, hash, mainId]);

  return (
    // A live region without the status role: the pages' own statuses stay the only ones.
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </p>
  );
}
