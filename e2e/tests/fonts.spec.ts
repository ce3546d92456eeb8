import { expect, test } from '../support/test';

const FONT_FILE = /\.woff2$/;

/** The family the page's main heading is drawn in, as the browser resolved it. */
const headingFont = () =>
  getComputedStyle(document.querySelector('h1') ?? document.body).fontFamily;

test.describe("the site's fonts", () => {
  test('a first visit is painted before the fonts are asked for, then drawn in them @any-width', async ({
    page,
  }) => {
    const fontRequests: string[] = [];
    const consoleErrors: string[] = [];
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => {
      if (FONT_FILE.test(request.url())) fontRequests.push(loaded ? 'after load' : 'before load');
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/vehicule/porsche-panamera');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForFunction(() =>
      // The e2e project's DOM types do not know FontFaceSet is iterable.
      [...(document.fonts as unknown as Iterable<FontFace>)].some(
        (face) => face.family.includes('Cormorant') && face.status === 'loaded',
      ),
    );
    expect(fontRequests).toEqual(['after load', 'after load']);
    expect(await page.evaluate(headingFont)).toContain('Cormorant Garamond');
    expect(await page.evaluate(() => document.fonts.check('600 1em "Cormorant Garamond"'))).toBe(
      true,
    );
    // The head's inline script ran under the content policy (a refusal is a console error).
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  });

  test('a later page draws its first paint in the fonts the browser already holds @any-width', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForFunction(() => localStorage.getItem('vroum:fonts') === '1');
    await page.goto('/flotte');
    expect(await page.evaluate(() => document.documentElement.className)).toContain('fonts-cached');
    expect(await page.evaluate(headingFont)).toContain('Cormorant Garamond Variable');
    await page.waitForFunction(() => document.fonts.check('600 1em "Cormorant Garamond Variable"'));
  });
});
