import { test as base } from '@playwright/test';

export * from '@playwright/test';

/** The app has taken over the page (main.tsx sets it), or the page is not the app's. */
const appReady = () =>
  !document.getElementById('root') || document.documentElement.dataset.ready === 'true';

/**
 * Playwright's `test`, with `page.goto` and `page.reload` waiting until the app has taken over
 * the page: landing pages arrive rendered by the server and only respond once hydrated, which a
 * person's first click barely ever beats but a test's does.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(appReady);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await page.waitForFunction(appReady);
      return response;
    };
    await use(page);
  },
});
