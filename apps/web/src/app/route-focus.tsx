import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a page still loading its data may take to show its heading. */
const HEADING_WAIT_MS = 3000;
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
    if (focusPageStart(main)) {
      announce();
      return;
    }
    // The page shows its heading once its data has come: the focus follows, unless the visitor
    // has moved it meanwhile.
    let announced = 0;
    const observer = new MutationObserver(() => {
      if (!main.querySelector('h1')) return;
      stop();
      if (document.activeElement === main) focusPageStart(main);
      // The title is set by the page's effects, which run after this DOM change.
      announced = window.setTimeout(announce, TITLE_DELAY_MS);
    });
    const timer = window.setTimeout(() => {
      stop();
      announce();
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return () => {
      stop();
      window.clearTimeout(announced);
    };
  }, [pathname, hash, mainId]);

  return (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
}
