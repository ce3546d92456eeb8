import type { DehydratedState } from '@tanstack/react-query';

/**
 * A landing page rendered on the server carries the API answers it was rendered from in this
 * element, as JSON (a dehydrated query cache): the browser starts from the same data, so its first
 * render matches the HTML and hydrates it instead of painting the page again.
 */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/** The query cache the server rendered the page from, or null for a page it did not render. */
export function readPageState(): DehydratedState | null {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

/**
 * Marks the page as taken over by the app (hydrated or rendered): until then a page sent rendered
 * by the server shows but does not respond. Browser tests wait for it.
 */
export function markReady(): void {
  document.documentElement.dataset.ready = 'true';
}
