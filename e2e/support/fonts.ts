import type { Page } from '@playwright/test';

/**
 * Waits until the site's two typefaces are drawn. They replace the system's stand-ins once the
 * page has settled (apps/web/src/lib/fonts.ts), and every line of text then takes its final width:
 * a test that measures text measures after this.
 */
export async function siteFontsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const loaded = new Set<string>();
    document.fonts.forEach((face) => {
      // A family name with a space reads with its quotes.
      const family = face.family.replace(/^"|"$/g, '').replace(/ Variable$/, '');
      if (face.status === 'loaded') loaded.add(family);
    });
    return loaded.has('Manrope') && loaded.has('Cormorant Garamond');
  });
  // The text is laid out again in the next frame.
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => drawn(null))));
}
