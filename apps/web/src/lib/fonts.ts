// The site's two typefaces are loaded once the page has settled, not by its first layout: a first
// visit paints its text at once in the system's font (scaled to the same metrics, styles.css), and
// the brand's fonts replace it when they have arrived. Asked for earlier, their 62 KB would compete
// on a phone's connection with what the visitor waits for: the page's HTML, its scripts, its
// answers (search results) and their pictures.
//
// A visitor whose browser already holds the files (a later page, a later visit) gets them from
// the first paint: the page's head marks the document `fonts-cached`, and the stylesheet then
// names the faces it declares itself (styles.css).
import cormorantUrl from '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2?url';
import manropeUrl from '@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url';
import type { QueryClient } from '@tanstack/react-query';
import { FONTS_CACHED_CLASS, FONTS_CACHED_KEY } from '@vroum/core/site-fonts';

/** The families the stylesheet names before the fonts are known to be cached (styles.css). */
const FACES = [
  { family: 'Manrope', url: manropeUrl, weight: '200 800' },
  { family: 'Cormorant Garamond', url: cormorantUrl, weight: '300 700' },
] as const;

/** However long the page takes to settle, the fonts are asked for by then. */
const AT_THE_LATEST_MS = 4000;

let loading: Promise<void> | undefined;

/**
 * Loads the fonts once the app has taken the page over (call it then), its reads have been
 * answered (`readsSettled`: the app's queries, or a page of islands' reads) and the pictures they
 * brought in have loaded.
 */
export function loadSiteFontsOnceSettled(readsSettled: Promise<void>): Promise<void> {
  const settled = readsSettled.then(nextFrames).then(picturesLoaded);
  const latest = new Promise<void>((done) => setTimeout(done, AT_THE_LATEST_MS));
  return Promise.race([settled, latest]).then(loadSiteFonts);
}

/** Resolves once none of the app's queries is on its way. */
export function queriesSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((settled) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      settled();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  });
}

/** Two frames: the answers just received are rendered, their pictures asked for. */
function nextFrames(): Promise<void> {
  return new Promise((rendered) =>
    requestAnimationFrame(() => requestAnimationFrame(() => rendered())),
  );
}

/** The page's pictures that load at once (not those left until scrolled near). */
function picturesLoaded(): Promise<unknown> {
  const pending = [...document.images].filter(
    (image) => image.loading !== 'lazy' && !image.complete,
  );
  return Promise.all(
    pending.map(
      (image) =>
        new Promise((done) => {
          image.addEventListener('load', done, { once: true });
          image.addEventListener('error', done, { once: true });
        }),
    ),
  );
}

/** Loads the two fonts (once) and applies them; resolves when they are drawn, or could not be. */
export function loadSiteFonts(): Promise<void> {
  loading ??= load().catch(() => undefined);
  return loading;
}

async function load(): Promise<void> {
  const root = document.documentElement;
  if (typeof FontFace === 'undefined') return;
  if (root.classList.contains(FONTS_CACHED_CLASS)) {
    // The stylesheet's own faces, asked for by the first layout.
    await document.fonts.ready;
    return;
  }
  const faces = FACES.map(
    ({ family, url, weight }) =>
      new FontFace(family, `url(${url}) format('woff2')`, { weight, display: 'swap' }),
  );
  // Both fetched before either is applied: each applied font lays the whole page out again, so
  // the page is laid out once for the two instead of once for each.
  const loaded = await Promise.allSettled(faces.map((face) => face.load()));
  for (const result of loaded) if (result.status === 'fulfilled') document.fonts.add(result.value);
  // One that failed is asked for again on the next page.
  if (loaded.some((result) => result.status === 'rejected')) return;
  try {
    localStorage.setItem(FONTS_CACHED_KEY, '1');
  } catch {
    // Storage refused (private browsing): the next page loads them after its paint again.
  }
}
