import './app/zod-config';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { noteEarlyInput } from './app/early-input';
import { nextTask } from './app/next-task';
import { markReady, readPageState } from './app/page-state';
import { AppShell } from './app/providers';
import { loadReactDomClient } from './app/react-dom-client';
import { routes } from './app/routes';
import { loadSiteFontsOnceSettled, queriesSettled } from './lib/fonts';
import { createQueryClient } from './lib/query-client';
import { preloadToaster } from './lib/toast';
import './styles.css';

/** Marks the page ready once the app has taken it over (app/page-state.ts). */
function MarkReady({ onReady }: { onReady?: () => void }) {
  useEffect(() => {
    onReady?.();
    markReady();
  }, [onReady]);
  return null;
}

/** The page modules of the routes matching the URL, loaded before the first render. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/**
 * Renders the app into #root, adopting the server's HTML when there is some. (No top-level await:
 * it would make the bundler split the entry's shared modules into many small chunks.)
 */
async function start(root: HTMLElement): Promise<void> {
  const { createRoot, hydrateRoot } = await loadReactDomClient();
  const queryClient = createQueryClient();
  let pageState = root.firstElementChild ? readPageState() : null;
  let playEarlyInput: (() => void) | undefined;
  if (pageState) {
    // Rendered on the server: same data, same page module, so React adopts the HTML as it is.
    hydrate(queryClient, pageState);
    // A page module that cannot be loaded (a release made since the HTML was sent): the app
    // renders the page afresh, and the router shows what it shows for such a failure.
    pageState = await loadMatchedRoutes().then(
      () => pageState,
      () => null,
    );
    // The page modules have just been evaluated: the router and the hydration get a task of their
    // own, so that a phone's main thread is never held for the two together.
    await nextTask();
    if (pageState) playEarlyInput = noteEarlyInput(root);
  }
  const onReady = () => {
    playEarlyInput?.();
    void loadSiteFontsOnceSettled(queriesSettled(queryClient));
  };
  const app = (
    <StrictMode>
      <AppShell queryClient={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
        <MarkReady onReady={onReady} />
      </AppShell>
    </StrictMode>
  );
  if (!pageState) {
    // Its page module first, so that its first paint is the page, not the router's fallback.
    await Promise.race([
      loadMatchedRoutes().catch(() => undefined),
      new Promise((done) => setTimeout(done, 1500)),
    ]);
    // As a transition, the first render yields to the browser every few milliseconds too.
    const appRoot = createRoot(root);
    startTransition(() => appRoot.render(app));
    return;
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page.
  startTransition(() => {
    hydrateRoot(root, app, {
      // A difference (a draft kept in this tab…) makes React paint the page again: not an error.
      onRecoverableError: (error) => console.warn('Page rendered again in the browser:', error),
    });
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// Evaluating the app's modules is one task, React's renderer the next (app/react-dom-client.ts),
// then the page's modules, then the router and the hydration.
void start(root);

// Toasts are rare on a first visit: fetch their code after the page has fully loaded, so it
// never competes with the first paint.
window.addEventListener('load', () => setTimeout(() => void preloadToaster(), 3000), {
  once: true,
});
