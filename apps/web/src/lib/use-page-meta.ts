import { useEffect } from 'react';
import { site } from './site';

/** Sets the document title and meta description of the current page. */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = `${title} · ${site.brandName}`;
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}
