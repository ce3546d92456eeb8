import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * A link to an item of a list that loads after the page (the dashboard's cases): once `ready`,
 * the element the address's hash names is brought into view and focused, so it is the item the
 * administrator reads first, on a phone too.
 */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [ready, hash]);
}

/** An item a hash may name: given an id and tabIndex -1, it keeps clear of the header and shows focus. */
export const HASH_TARGET_CLASS = 'scroll-mt-24 outline-none focus:ring-2 focus:ring-gold';
