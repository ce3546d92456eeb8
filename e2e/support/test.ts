import { test as base, type Page } from '@playwright/test';
import { workerServerPort } from './app-server';

export * from '@playwright/test';

/** The app has taken over the page (main.tsx sets it), or the page is not the app's. */
const appReady = () =>
  !document.getElementById('root') || document.documentElement.dataset.ready === 'true';

/**
 * Returns once the app has taken over the page: after a link or a form led to a page of the
 * server's, before clicking what the app may draw again.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(appReady);
}

/** Makes `page.goto` and `page.reload` return once the app has taken over the page. */
export function waitForAppOnNavigation(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await waitForApp(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForApp(page);
    return response;
  };
  return page;
}

/**
 * Playwright's `test`, with `goto` and `reload` waiting until the app has taken over the page,
 * on the test's page and on the pages its context opens: landing pages arrive rendered by the
 * server and respond once hydrated, which a person's first click barely ever beats but a test's
 * does.
 *
 * Each worker talks to the server and database of its slot (`baseURL`, support/global-setup.ts):
 * the files running at the same time never wait on each other's transactions, and no test sees
 * the rows of a file running beside it.
 */
/**
 * What the page wrote to its console as an error, or threw without catching: a test fails on it,
 * as the unit tests fail on `console.error`. The browser's own line for an answer in error
 * ("Failed to load resource: … 404") is not the app's: the app shows those answers, and the tests
 * check what it shows.
 */
function collectPageErrors(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    if (message.type() !== 'error' || message.text().startsWith('Failed to load resource')) return;
    errors.push(`${page.url()}: console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: uncaught: ${error.message}`));
}

export const test = base.extend<{ allowedConsoleErrors: RegExp[] }, { workerApp: string }>({
  /** Errors a test provokes on purpose and expects the page to report (`test.use`). */
  allowedConsoleErrors: [[], { option: true }],
  workerApp: [
    // Playwright reads what a fixture needs from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) =>
      use(`http://127.0.0.1:${workerServerPort(workerInfo.parallelIndex)}`),
    { scope: 'worker' },
  ],
  baseURL: async ({ workerApp }, use) => use(workerApp),
  page: async ({ page, allowedConsoleErrors }, use) => {
    const context = page.context();
    const errors: string[] = [];
    collectPageErrors(page, errors);
    context.on('page', (opened) => collectPageErrors(opened, errors));
    const newPage = context.newPage.bind(context);
    context.newPage = async () => waitForAppOnNavigation(await newPage());
    await use(waitForAppOnNavigation(page));
    const unexpected = errors.filter(
      (error) => !allowedConsoleErrors.some((allowed) => allowed.test(error)),
    );
    if (unexpected.length > 0) {
      throw new Error(`The page reported ${unexpected.length} error(s):\n${unexpected.join('\n')}`);
    }
  },
});

/**
 * Opens a page as the server renders it and holds its script back, as a slow phone would: what
 * the test does meanwhile happens before the app takes the page over. The function returned lets
 * the script through and waits until the app has taken over.
 */
export async function openBeforeTheApp(page: Page, url: string): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The app's entry, or the islands' on the home page.
  await page.route(/\/assets\/(?:index|islands)-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // The frame's own goto: the test's page.goto would wait for the app to take over.
  await page.mainFrame().goto(url, { waitUntil: 'domcontentloaded' });
  return async () => {
    release();
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  };
}

/**
 * Opens a page as the browser renders it when the server sends it without its content (a render
 * that gave up, or took too long): the page shows what its own requests bring, which the test
 * can change with `page.route` beforehand.
 */
export async function openRenderedByTheBrowser(page: Page, url: string): Promise<void> {
  const pathname = new URL(url, 'http://localhost').pathname;
  await page.route(
    (address) => address.pathname === pathname,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<div id="root">[\s\S]*?<\/div><script type="application\/json" id="page-state">[\s\S]*?<\/script>/,
        '<div id="root"></div>',
      );
      return route.fulfill({ response, body });
    },
  );
  await page.goto(url);
}
