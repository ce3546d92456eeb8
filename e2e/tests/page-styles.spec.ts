// Playwright's own test: the app never starts on these pages, so nothing waits for it.
import { expect, test } from '@playwright/test';
import { isoDateTime } from '../support/dates';

/**
 * A page sent rendered carries only the style rules its markup uses; the whole stylesheet comes
 * with the app's scripts. Before they run, the page must look exactly as it does with the whole
 * stylesheet: each landing page is drawn before the app starts, then again once the whole stylesheet is
 * added, and the two screenshots must be the same, pixel for pixel.
 */

const search = new URLSearchParams({
  address: '10 rue de Rivoli, 75001 Paris',
  start: isoDateTime(40),
  end: isoDateTime(43),
});

const PAGES = [
  '/',
  '/flotte?category=luxe',
  '/flotte',
  `/recherche?${search.toString()}`,
  '/vehicule/porsche-panamera',
  '/comment-ca-marche',
  '/gerer-reservation',
  '/conditions',
  '/politique-confidentialite',
];

for (const path of PAGES) {
  test(`${path} looks the same with its own style rules as with the whole stylesheet`, async ({
    page,
  }) => {
    // The page as it is before the app starts: its boot script, which would start it, never runs.
    await page.route('**/boot.js', (route) => route.abort());
    await page.goto(path);
    const boot = page.locator('script[src="/boot.js"]');
    const styles = (await boot.getAttribute('data-styles'))?.split(' ') ?? [];
    expect(styles.length, 'the page names the whole stylesheet').toBeGreaterThan(0);
    await page.evaluate(() => document.fonts.ready);
    const own = await page.screenshot({ fullPage: true, animations: 'disabled' });

    await page.evaluate(async (hrefs) => {
      await Promise.all(
        hrefs.map(
          (href) =>
            new Promise((resolve, reject) => {
              const link = document.createElement('link');
              link.rel = 'stylesheet';
              link.href = href;
              link.onload = resolve;
              link.onerror = reject;
              document.head.append(link);
            }),
        ),
      );
      await document.fonts.ready;
    }, styles);
    const whole = await page.screenshot({ fullPage: true, animations: 'disabled' });
    expect(own.equals(whole), 'the same pixels').toBe(true);
  });
}
