// How a page knows, before its first paint, that the browser already holds the site's fonts
// (apps/web/src/lib/fonts.ts): the browser app notes it in the visitor's storage once it has
// loaded them, and a line of script in every page's head marks the document from that note.

/** The class of `<html>` under which the stylesheet names its own font faces. */
export const FONTS_CACHED_CLASS = 'fonts-cached';

/** The storage key the app sets once the fonts are loaded. */
export const FONTS_CACHED_KEY = 'vroum:fonts';

/**
 * The head's inline script (the server allows it by its hash in the content policy). Storage may
 * be refused (private browsing, a blocked origin): the page then loads the fonts after its paint.
 */
export const FONTS_CACHED_SCRIPT =
  `try{localStorage.getItem('${FONTS_CACHED_KEY}')&&` +
  `document.documentElement.classList.add('${FONTS_CACHED_CLASS}')}catch(e){}`;
