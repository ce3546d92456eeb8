import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it is now, with every rule it has apart from the experimental ones
 * (WCAG 2.0 to 2.2, A and AA, and its best practices), and records a failure for each page that
 * breaks one, listing the rule, the elements and axe's help, without stopping the test: one run
 * reports every page at fault.
 *
 * Axe runs inside the page (legacy mode): its default opens a second page to merge the frames'
 * results, which takes the focus away from the page under test and the site has no frames.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  // A toast or a dialog still fading in has, for a moment, the contrast of a half-transparent
  // text: the page is checked as the customer reads it, once its transitions have ended.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}`)
        .join('\n'),
  );
  expect.soft(found, `axe violations on ${state} (${page.url()})`).toEqual([]);
}
