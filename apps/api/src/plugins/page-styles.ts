import { parseStylesheet, stylesFor } from './stylesheet-pruning';

/**
 * The built page's stylesheets go into its HTML: their request would be the one render-blocking
 * request of a first visit (~300 ms on a mobile connection, by Lighthouse's estimate).
 *
 * A page the browser draws gets them whole (the app runs there). A page sent rendered gets only the
 * rules its markup can use: the whole stylesheet (every page's and the console's rules, ~10 KB
 * compressed) would make its HTML take one more round trip of a mobile connection before the first
 * paint. The page's boot script loads the whole stylesheet with the app's scripts, and starts them
 * once it has it, so the app never draws what the page's rules leave unstyled
 * (apps/web/public/boot.js).
 */

/** Where the built page's stylesheets were: each page fills it with the styles it gets. */
export const STYLES_PLACEHOLDER = '<!--styles-->';

export interface PageStyles {
  /** The page without its stylesheet links: the placeholder where they were. */
  template: string;
  /** The stylesheets' addresses, for the boot script to load with the app. */
  hrefs: string[];
  /** Every stylesheet, whole, as the `<style>` elements of a page the browser draws. */
  whole: string;
  /** The `<style>` elements of a page sent rendered: the rules its markup (all of it) can use. */
  forMarkup(markup: string): string;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

const styleElement = (css: string) => `<style>${css.replaceAll('</style', '<\\/style')}</style>`;

/**
 * Reads the stylesheets the built page links (`read` gets each by its path under the build) and
 * parses them, once, at start. The fonts the CSS names are absolute /assets/ paths, so they still
 * resolve from the page.
 */
export async function loadPageStyles(
  html: string,
  read: (href: string) => Promise<string>,
): Promise<PageStyles> {
  const links = [...html.matchAll(STYLESHEET_LINK)];
  const sheets = await Promise.all(
    links.map(async ([, href]) => {
      const css = await read(href!);
      return { href: `/${href!}`, css, parsed: parseStylesheet(css) };
    }),
  );
  let template = html;
  links.forEach(([tag], index) => {
    template = template.replace(tag, index === 0 ? STYLES_PLACEHOLDER : '');
  });
  return {
    template,
    hrefs: sheets.map(({ href }) => href),
    whole: sheets.map(({ css }) => styleElement(css)).join(''),
    forMarkup: (markup) =>
      sheets.map(({ parsed }) => styleElement(stylesFor(parsed, markup))).join(''),
  };
}
