import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { site } from './site';
import { usePageMeta } from './use-page-meta';

/** The changes made to the head while `run` runs (a MutationObserver's records). */
function headChangesDuring(run: () => void): MutationRecord[] {
  const observer = new MutationObserver(() => {});
  observer.observe(document.head, { subtree: true, childList: true, attributes: true });
  run();
  const records = observer.takeRecords();
  observer.disconnect();
  return records;
}

// The web tests share their document: the head is given back as it was.
let headBefore = '';
beforeEach(() => {
  headBefore = document.head.innerHTML;
});
afterEach(() => {
  document.head.innerHTML = headBefore;
});

describe('usePageMeta', () => {
  it('sets the title and description of the page', () => {
    document.head.innerHTML = '<title>Avant</title><meta name="description" content="Avant">';
    const changes = headChangesDuring(() =>
      renderHook(() => usePageMeta('Notre flotte', 'Les voitures de la flotte')),
    );
    expect(changes.length).toBeGreaterThan(0);
    expect(document.title).toBe(`Notre flotte · ${site.brandName}`);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Les voitures de la flotte',
    );
  });

  it('leaves the head untouched when a page sent rendered already has them', () => {
    document.head.innerHTML =
      `<title>Notre flotte · ${site.brandName}</title>` +
      '<meta name="description" content="Les voitures de la flotte">';
    const changes = headChangesDuring(() =>
      renderHook(() => usePageMeta('Notre flotte', 'Les voitures de la flotte')),
    );
    expect(changes).toEqual([]);
  });
});
