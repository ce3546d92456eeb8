import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it is now, with every rule it has apart from the experimental ones
 * (WCAG 2.0 to 2.2, A and AA, and its best practices), and records a failure for each page that
 * breaks one, listing the rule, the elements and axe's help, without stopping the test: one run
 * reports every page at fault.
 *
 * Axe runs inside the page (legacy mode): its default opens a second page to merge the frames'
 * results, which takes the focus away from the page under test and the site has no frames. It
 * details the violations only: the passes' details made each result six times larger and each
 * audit a fifth slower, for nothing read here.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  await animationsSettled(page);
  const audit = () =>
    new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] })
      .analyze();
  let { violations } = await audit();
  // A toast may begin to fade out while axe reads the page (it leaves four seconds after it came):
  // a fault found on a toast, or on an element gone since, is checked again once the page has
  // settled anew. A fault that stays is reported; one that was only the fade is not.
  if (await faultsOnLeavingElements(page, violations)) {
    await animationsSettled(page);
    ({ violations } = await audit());
  }
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

/**
 * Waits (up to 3 s) until no transition or finite animation runs: a toast or a dialog still fading
 * in has, for a moment, the contrast of a half-transparent text, and the page is checked as the
 * customer reads it.
 */
async function animationsSettled(page: Page): Promise<void> {
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
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** Whether a fault was found on a toast, or on an element no longer in the page. */
async function faultsOnLeavingElements(page: Page, violations: Violations): Promise<boolean> {
  const selectors = violations.flatMap((violation) =>
    violation.nodes.map((node) => node.target.map(String).join(' ')),
  );
  if (selectors.length === 0) return false;
  return page.evaluate(
    (targets) =>
      targets.some((target) => {
        let element: Element | null = null;
        try {
          element = document.querySelector(target);
        } catch {
          return false;
        }
        return element === null || element.closest('[data-sonner-toast]') !== null;
      }),
    selectors,
  );
}
