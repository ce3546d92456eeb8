// The server's renderer of landing pages (apps/api/src/plugins/page-renderer.ts): built apart
// (vite build --ssr, into dist-server/), loaded by the API in production. The browser hydrates
// what it renders (main.tsx).
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { SiteInfo } from '@vroum/core/site';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PAGE_STATE_ELEMENT_ID } from './app/page-state';
import { AppShell } from './app/providers';
import { routes } from './app/routes';
import { setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { setSiteInfo } from './lib/site';

/**
 * The queries the server answers before rendering: the public catalogue (a vehicle, its reviews,
 * a category of the fleet, the cars free for a period and their prices). What depends on a
 * period is as fresh in the page as from the API: the browser asks the server for the page each
 * time (no-cache), and the server keeps a render only as long as it keeps the answers it was made
 * from (decision 020). Never the session nor anything of a visitor's own: a rendered page is the
 * same for everyone.
 */
function answeredByServer(queryKey: readonly unknown[]): boolean {
  const [scope] = queryKey;
  return scope === 'vehicle' || scope === 'vehicles';
}

/** Render, answer the queries the render asked for, render again: at most this many times. */
const MAX_PASSES = 3;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The element holding the query cache the page was rendered from (JSON, safe in HTML). */
  stateElement: string;
}

/**
 * Once, before rendering: the company's public facts, and how the page's API requests reach the
 * API (GET only, inside the server's process).
 */
export function configureRenderer(options: {
  site: Partial<SiteInfo>;
  fetchApi: (url: string, init: RequestInit) => Promise<Response>;
}): void {
  setSiteInfo(options.site);
  setApiTransport(options.fetchApi);
}

const handler = createStaticHandler(routes);

async function renderToHtml(element: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

type AskedQuery = ReturnType<QueryClient['defaultQueryOptions']>;

/**
 * A query client that notes the queries a render asks for and would run (enabled), among those
 * the server answers. Two components may share a query with different `enabled` flags, so the
 * flag is read from each request, not from the cached query.
 */
function createServerQueryClient(): { queryClient: QueryClient; asked: Map<string, AskedQuery> } {
  const queryClient = createQueryClient();
  const asked = new Map<string, AskedQuery>();
  const defaultOptions = queryClient.defaultQueryOptions.bind(queryClient);
  queryClient.defaultQueryOptions = (options) => {
    const defaulted = defaultOptions(options);
    if (defaulted.enabled === true || defaulted.enabled === undefined) {
      if (defaulted.queryKey && answeredByServer(defaulted.queryKey)) {
        asked.set(defaulted.queryHash, defaulted as AskedQuery);
      }
    }
    return defaulted;
  };
  return { queryClient, asked };
}

/** The asked queries that have no answer yet. */
function unanswered(queryClient: QueryClient, asked: Map<string, AskedQuery>): AskedQuery[] {
  return [...asked.values()].filter((options) => {
    const query = queryClient.getQueryCache().get(options.queryHash);
    return !query || (query.state.status === 'pending' && query.state.fetchStatus === 'idle');
  });
}

/** Answers a query with its own options (an infinite query keeps its paging), without retry. */
async function answer(queryClient: QueryClient, options: AskedQuery): Promise<boolean> {
  const request = { ...options, queryKey: options.queryKey, retry: false };
  try {
    if ('initialPageParam' in options) {
      await queryClient.fetchInfiniteQuery(
        request as unknown as Parameters<QueryClient['fetchInfiniteQuery']>[0],
      );
    } else {
      await queryClient.fetchQuery(request);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The page at `path` (with its query string), rendered as an anonymous visitor sees it while the
 * session is being read. Null when the page cannot be rendered here (a redirect, a route error, an
 * API answer that is an error): the browser then renders it alone, as before.
 */
export async function renderPage(path: string): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const { queryClient, asked } = createServerQueryClient();
  let html = '';
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    html = await renderToHtml(
      <StrictMode>
        <AppShell queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppShell>
      </StrictMode>,
    );
    const missing = unanswered(queryClient, asked);
    if (missing.length === 0) break;
    if (pass === MAX_PASSES) return null;
    const answered = await Promise.all(missing.map((options) => answer(queryClient, options)));
    // An error (a vehicle that does not exist…) is shown by the browser, which retries as usual.
    if (answered.includes(false)) return null;
  }
  const state = JSON.stringify(dehydrate(queryClient)).replaceAll('<', '\\u003c');
  queryClient.clear();
  return {
    html,
    stateElement: `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${state}</script>`,
  };
}
