import { access } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { SiteInfo } from '@vroum/core/site';

/** What apps/web/src/entry-server.tsx exports (built into apps/web/dist-server/). */
interface RendererModule {
  configureRenderer(options: {
    site: Partial<SiteInfo>;
    fetchApi: (url: string, init: RequestInit) => Promise<Response>;
  }): void;
  renderPage(path: string): Promise<RenderedPage | null>;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The element carrying the data the page was rendered from, for the browser's hydration. */
  stateElement: string;
}

/** Renders a page (path and query string); null when it is left to the browser. */
export type PageRenderer = (path: string) => Promise<RenderedPage | null>;

/** A render slower than this is dropped: the page is sent without it and the browser renders it. */
const RENDER_TIMEOUT_MS = 500;

/** A page of each landing route (the vehicle does not exist: its modules load all the same). */
const WARM_UP_PATHS = [
  '/',
  '/flotte',
  '/recherche',
  '/vehicule/-',
  '/comment-ca-marche',
  '/gerer-reservation',
  '/conditions',
  '/politique-confidentialite',
  '/checkout',
];

/**
 * Loads the web app's server renderer. Its API requests (public catalogue reads) are answered by
 * this server's own routes, in process. Null when there is none (not built, or switched off).
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  entry: string | undefined,
  site: SiteInfo,
): Promise<PageRenderer | null> {
  if (!entry) return null;
  try {
    await access(entry);
  } catch {
    app.log.warn({ entry }, 'no server renderer built: pages are rendered by the browser alone');
    return null;
  }
  const renderer = (await import(pathToFileURL(entry).href)) as RendererModule;
  renderer.configureRenderer({
    site,
    async fetchApi(url, init) {
      if ((init.method ?? 'GET') !== 'GET') throw new Error(`Not a read: ${init.method} ${url}`);
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json' },
      });
      const empty = response.statusCode === 204 || response.statusCode === 304;
      return new Response(empty ? null : response.rawPayload, {
        status: response.statusCode,
        headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
      });
    },
  });
  // The first render of a page loads its modules (hundreds of ms on a small machine): done once
  // the server listens, so no visitor's page waits for it.
  app.addHook('onListen', () => {
    void (async () => {
      for (const path of WARM_UP_PATHS) await renderer.renderPage(path).catch(() => null);
    })();
  });
  return async (path) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        app.log.warn({ path }, 'page render too slow: left to the browser');
        resolve(null);
      }, RENDER_TIMEOUT_MS);
    });
    try {
      // Kept as the catalogue's answers are (decision 020): a landing page asked many times a
      // second is rendered once, and again after any change to the vehicles, bookings or reviews.
      const rendered = app.catalogueCache.read(`page ${path}`, () => renderer.renderPage(path));
      return await Promise.race([rendered, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}
