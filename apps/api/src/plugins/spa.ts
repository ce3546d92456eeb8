import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isKnownPage } from '@vroum/core/routes';
import { FONTS_CACHED_SCRIPT } from '@vroum/core/site-fonts';
import type { Config } from '../config';
import type { PageRenderer } from './page-renderer';

const SITE_INFO_PLACEHOLDER = '<!--site-info-->';
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

/**
 * The page module the router loads for a path (apps/web/src/app/router.tsx), for the pages a
 * visitor lands on. Their chunks are preloaded with the HTML instead of after the app's entry has
 * run, which takes a network round trip off the first paint.
 */
export const LANDING_PAGE_MODULES: readonly (readonly [RegExp, string])[] = [
  [/^\/$/, 'src/features/home/home-page.tsx'],
  [/^\/flotte$/, 'src/features/catalogue/fleet-page.tsx'],
  [/^\/recherche$/, 'src/features/catalogue/search-page.tsx'],
  [/^\/vehicule\/[^/]+$/, 'src/features/catalogue/vehicle-page.tsx'],
  [/^\/comment-ca-marche$/, 'src/features/info-pages/how-it-works-page.tsx'],
  [/^\/gerer-reservation$/, 'src/features/my-booking/manage-booking-page.tsx'],
  [/^\/conditions$/, 'src/features/info-pages/conditions-page.tsx'],
  [/^\/politique-confidentialite$/, 'src/features/info-pages/privacy-page.tsx'],
  // A visitor's own page, but sent as it is while the session and the tab's rental are read: its
  // frame, the same for everyone.
  [/^\/checkout$/, 'src/features/checkout/checkout-page.tsx'],
];

/**
 * Pages the browser draws (they are a visitor's own) that a visitor also reaches by loading them:
 * back from signing in or from the bank's 3-D Secure page, a link of an e-mail. Their chunks are
 * preloaded with the HTML too.
 */
export const BROWSER_PAGE_MODULES: readonly (readonly [RegExp, string])[] = [
  [/^\/auth$/, 'src/features/account/auth-page.tsx'],
  [/^\/profil$/, 'src/features/account/profile-page.tsx'],
  [/^\/reservation\/[^/]+$/, 'src/features/my-booking/booking-detail-page.tsx'],
];

/**
 * The pages whose only interactive parts are islands (apps/web/src/components/island.tsx): sent
 * rendered, they load the islands' entry instead of the whole app.
 */
export const ISLAND_PAGES: readonly RegExp[] = [/^\/$/];
const ISLANDS_ENTRY = 'src/islands.tsx';
const APP_ENTRY = 'index.html';

/** The built index.html's entry script and its module preloads (Vite writes them so). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOADS = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk of the manifest and every chunk it imports statically, itself first. */
function staticGraph(manifest: Manifest, source: string): string[] {
  const keys = new Set<string>();
  const collect = (key: string) => {
    if (!manifest[key] || keys.has(key)) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported);
  };
  collect(source);
  return [...keys];
}

function preloadTag(manifest: Manifest, key: string): string {
  return `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`;
}

/**
 * `<link rel="modulepreload">` tags for a page module and the chunks it imports, leaving out what
 * index.html already loads (the entry and its static imports). Empty for an unknown module.
 */
export function modulePreloadTags(manifest: Manifest, source: string): string {
  const loadedByEntry = new Set(staticGraph(manifest, APP_ENTRY));
  return staticGraph(manifest, source)
    .filter((key) => !loadedByEntry.has(key))
    .map((key) => preloadTag(manifest, key))
    .join('');
}

/**
 * The page with the islands' entry and its chunks in place of the app's; null when the build has
 * no islands' entry.
 */
export function withIslandsEntry(html: string, manifest: Manifest): string | null {
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) return null;
  const headEnd = html.indexOf('</head>');
  const head = html.slice(0, headEnd).replace(ENTRY_SCRIPT, '').replaceAll(MODULE_PRELOADS, '');
  const [, ...imports] = staticGraph(manifest, ISLANDS_ENTRY);
  const scripts =
    `<script type="module" crossorigin src="/${entry.file}"></script>` +
    imports.map((key) => preloadTag(manifest, key)).join('');
  return head + scripts + html.slice(headEnd);
}

/**
 * The page's stylesheets, inlined: the one render-blocking request of a first visit (~300 ms on a
 * mobile connection, by Lighthouse's estimate) becomes part of the HTML. The CSP allows inline
 * styles; the fonts the CSS names are absolute /assets/ paths, so they still resolve.
 */
export async function inlineStylesheets(
  html: string,
  read: (href: string) => Promise<string>,
): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
  let inlined = html;
  for (const [tag, href] of links) {
    const css = await read(href!);
    inlined = inlined.replace(
      tag,
      () => `<style>${css.replaceAll('</style', '<\\/style')}</style>`,
    );
  }
  return inlined;
}

interface PageDocument {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

type Encoding = 'br' | 'gzip';

/** The page's HTML compressed for the browser (brotli at this quality, 0–11). */
function compress(html: string, encoding: Encoding, brotliQuality: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality } })
    : gzipSync(html, { level: brotliQuality >= 11 ? 9 : 6 });
}

/** A page that is the same for everyone, compressed once both ways (at start). */
function compressDocument(html: string): PageDocument {
  return { html, br: compress(html, 'br', 11), gzip: compress(html, 'gzip', 11) };
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The start of a page sent rendered (apps/web/public/boot.js), as the page carries it: inline, so
 * that no request of its own comes before the page's largest paint, without its whole-line
 * comments. Null when the build has none: the pages are then left to the browser.
 */
export async function readBootScript(webDistDir: string): Promise<string | null> {
  const source = await readFile(join(webDistDir, 'boot.js'), 'utf8').catch(() => null);
  return source && source.replace(/^[ \t]*\/\/.*\n/gm, '').trim();
}

/**
 * A page sent rendered needs no script to be seen: its entry script and the modules it preloads
 * are left to the boot script, which asks for them once the page is painted, so they never hold
 * back its first paint or its largest image.
 */
export function withScriptsAfterContent(html: string, bootScript: string): string {
  const headEnd = html.indexOf('</head>');
  let head = html.slice(0, headEnd);
  const entry = ENTRY_SCRIPT.exec(head);
  if (!entry) return html;
  const modules: string[] = [];
  head = head.replace(entry[0], '').replaceAll(MODULE_PRELOADS, (_tag, href: string) => {
    modules.push(href);
    return '';
  });
  const boot =
    `<script type="module" data-entry="${entry[1]}" data-modules="${modules.join(' ')}">` +
    `${bootScript}</script>`;
  return head + boot + html.slice(headEnd);
}

/**
 * In production the API also serves the built SPA: hashed assets with a long cache, and
 * index.html for every page path (history fallback), with the public site facts embedded as
 * JSON. Unknown paths still get the page (which shows the 404 view) but with a 404 status.
 */
export async function registerSpa(
  app: FastifyInstance,
  config: Config,
  /**
   * Extra head tags for a page (preloads of what it will fetch first); '' when none. `rendered`:
   * the page is sent rendered, with the API answers it needs.
   */
  pageHints: (
    path: string,
    search: URLSearchParams,
    rendered: boolean,
  ) => Promise<string> = async () => '',
  /** Renders a landing page on the server (page-renderer.ts); null leaves every page to the browser. */
  renderPage: PageRenderer | null = null,
  /** The boot script a page sent rendered carries (`readBootScript`); null: none is. */
  bootScript: string | null = null,
): Promise<void> {
  const apiNotFound = {
    error: { code: 'not_found', message: 'Ressource introuvable.' },
  };
  if (!config.webDistDir) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(apiNotFound));
    return;
  }

  const template = await readFile(join(config.webDistDir, 'index.html'), 'utf8');
  const siteJson = JSON.stringify(config.site).replaceAll('<', '\\u003c');
  const shared = (
    await inlineStylesheets(template, (href) => readFile(join(config.webDistDir!, href), 'utf8'))
  )
    .replace(
      SITE_INFO_PLACEHOLDER,
      `<script type="application/json" id="site-info">${siteJson}</script>`,
    )
    // Before the stylesheet, so that the first style of the page already knows which fonts the
    // browser holds (apps/web/src/lib/fonts.ts). The content policy allows it by its hash.
    .replace(CHARSET, (charset) => `${charset}<script>${FONTS_CACHED_SCRIPT}</script>`);
  // After the entry script, which the page needs first.
  const pageDocument = (preloads: string) =>
    compressDocument(shared.replace('</head>', `${preloads}</head>`));
  const indexDocument = pageDocument('');
  // Built with a manifest (vite.config.ts): each landing page gets its own HTML, with preloads.
  const manifest = await readFile(join(config.webDistDir, '.vite', 'manifest.json'), 'utf8')
    .then((text) => JSON.parse(text) as Manifest)
    .catch(() => null);
  const withPreloads = (pages: typeof LANDING_PAGE_MODULES) =>
    pages.map(
      ([pattern, source]) =>
        [
          pattern,
          manifest ? pageDocument(modulePreloadTags(manifest, source)) : indexDocument,
        ] as const,
    );
  const landingPages = withPreloads(LANDING_PAGE_MODULES);
  const browserPages = withPreloads(BROWSER_PAGE_MODULES);
  const landingPageFor = (path: string) => landingPages.find(([pattern]) => pattern.test(path));
  const documentFor = (path: string) =>
    (landingPageFor(path) ?? browserPages.find(([pattern]) => pattern.test(path)))?.[1] ??
    indexDocument;
  // Only ever sent rendered, so compressed with each page.
  const islandsHtml = manifest && withIslandsEntry(shared, manifest);
  if (!template.includes(EMPTY_ROOT) || !bootScript) renderPage = null;

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    // The build writes .br and .gz beside each asset; the best one the browser accepts is sent.
    preCompressed: true,
    wildcard: false,
    cacheControl: false,
    index: false,
    // Source maps are built for error reports, never published: they would hand out the source.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders(res, path) {
      res.setHeader('vary', 'Accept-Encoding');
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const [path = '/', query = ''] = request.url.split('?');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (!wantsPage) return reply.status(404).send(apiNotFound);
    const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const known = isKnownPage(path);
    const rendered =
      known && renderPage && landingPageFor(page)
        ? await renderPage(query ? `${page}?${query}` : page).catch((error: unknown) => {
            request.log.error({ err: error }, 'page render failed: left to the browser');
            return null;
          })
        : null;
    const hints = known
      ? await pageHints(page, new URLSearchParams(query), rendered !== null).catch(
          (error: unknown) => {
            request.log.error({ err: error }, 'page hints failed');
            return '';
          },
        )
      : '';
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding: Encoding | null = /\bbr\b/.test(accepted)
      ? 'br'
      : /\bgzip\b/.test(accepted)
        ? 'gzip'
        : null;
    reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    const document = documentFor(page);
    if (!hints && !rendered) {
      if (!encoding) return reply.send(document.html);
      return reply.header('content-encoding', encoding).send(document[encoding]);
    }
    // Rendered or with hints, the page is this request's own: compressed now, only the way the
    // browser asked, at a quality that costs about a millisecond.
    let html = document.html;
    // A page is only rendered with a boot script to start it (renderPage is null without one).
    if (rendered && bootScript) {
      if (islandsHtml && ISLAND_PAGES.some((pattern) => pattern.test(page))) html = islandsHtml;
      html = withScriptsAfterContent(html, bootScript).replace(
        EMPTY_ROOT,
        () => `<div id="root">${rendered.html}</div>${rendered.stateElement}`,
      );
    }
    // First in the head, after the encoding: the browser's preload scanner meets them with the
    // first bytes, not after the inlined stylesheet.
    if (hints) {
      html = CHARSET.test(html)
        ? html.replace(CHARSET, (charset) => `${charset}${hints}`)
        : html.replace('</head>', () => `${hints}</head>`);
    }
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(compress(html, encoding, 5));
  });
}
