import { useEffect } from 'react';
import { site } from './site';

/**
 * Sets the document title and meta description of the current page. A page sent rendered already
 * has both: writing them again would still replace the title's text and tell the browser, a few
 * milliseconds of a phone's main thread while the page starts.
 */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    const fullTitle = `${title} · ${site.brandName}`;
    if (document.title !== fullTitle) document.title = fullTitle;
    const meta = document.querySelector('meta[name="description"]');
    if (description && meta && meta.getAttribute('content') !== description) {
      meta.setAttribute('content', description);
    }
  }, [title, description]);
}
