import { expect, type Locator, type Page } from '@playwright/test';

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, as a keyboard user would, and fails
 * if it is not reached within `max` presses: proof that it is in the tab order.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 80 }: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${max} presses of Tab`).toBeFocused({ timeout: 1 });
}

/** The bottom of the sticky site header, in the viewport's coordinates. */
export async function headerBottom(page: Page): Promise<number> {
  const header = await page.getByRole('banner').boundingBox();
  return header ? header.y + header.height : 0;
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * How many pixels of `region` (by default the target itself, `crop` narrowing it) change colour,
 * with a contrast of at least 3:1, when `target` gets the focus from the keyboard: the part of
 * its focus indicator that can be seen. Transitions are frozen (reduced motion) so that both
 * pictures show settled states.
 */
export async function visibleFocusArea(
  page: Page,
  target: Locator,
  {
    region = target,
    crop = (box: Box) => box,
  }: { region?: Locator; crop?: (box: Box) => Box } = {},
): Promise<number> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.mouse.move(0, 0);
  await region.scrollIntoViewIfNeeded();
  const box = await region.boundingBox();
  if (!box) throw new Error('The region is not displayed');
  const margin = 8;
  const inner = crop(box);
  const clip = {
    x: Math.max(0, inner.x - margin),
    y: Math.max(0, inner.y - margin),
    width: inner.width + 2 * margin,
    height: inner.height + 2 * margin,
  };
  const shot = async () =>
    (await page.screenshot({ clip, animations: 'disabled', caret: 'hide' })).toString('base64');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const before = await shot();
  // Into the target from the control before it, as a keyboard user comes.
  await target.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  expect((await region.boundingBox())?.y, 'the page did not scroll').toBe(box.y);
  const after = await shot();
  return page.evaluate(
    async ([first, second]) => {
      const pixels = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (data: Uint8ClampedArray, i: number) =>
        0.2126 * channel(data[i]!) +
        0.7152 * channel(data[i + 1]!) +
        0.0722 * channel(data[i + 2]!);
      const [a, b] = [await pixels(first), await pixels(second)];
      let count = 0;
      for (let i = 0; i < a.length; i += 4) {
        const [light, dark] = [luminance(a, i), luminance(b, i)].sort((x, y) => y - x);
        if ((light! + 0.05) / (dark! + 0.05) >= 3) count += 1;
      }
      return count;
    },
    [before, after] as const,
  );
}

/**
 * Types a date ('yyyy-MM-dd') or a moment ('yyyy-MM-ddTHH:mm') into the focused date field,
 * segment by segment, as a keyboard user does. Debian's Chromium ships only its en-US language
 * pack, so the field reads mm/dd/yyyy (hh:mm AM/PM) whatever the page's language; the year takes
 * up to six digits, hence the arrow to the hour.
 */
export async function typeDate(page: Page, field: Locator, value: string): Promise<void> {
  const [, year, month, day, hour, minute] = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(
    value,
  )!;
  await page.keyboard.type(`${month}${day}${year}`);
  if (hour && minute) {
    const hours = Number(hour);
    const twelve = String(hours % 12 === 0 ? 12 : hours % 12).padStart(2, '0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type(`${twelve}${minute}${hours < 12 ? 'A' : 'P'}`);
  }
  await expect(field).toHaveValue(value);
}
