import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** axe-core's browser bundle, read once per worker. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Every rule axe has apart from the experimental ones (WCAG 2.0 to 2.2, A and AA, and its best
 * practices), which is what it runs when told nothing. It details the violations only: the
 * passes' details made each result six times larger and each audit a fifth slower, for nothing
 * read here.
 */
const RUN_OPTIONS: RunOptions = { resultTypes: ['violations'] };

type Violations = AxeResults['violations'];

/** The global the bundle defines in the page. */
interface AxeInPage {
  axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
}

/**
 * Axe's findings on the page as it is now. Its 570 KB bundle is evaluated once per document: Axe's
 * Playwright wrapper evaluated it twice at each audit, 0.3–0.5 s of the audit's 0.8–1.1 s (the
 * run itself took 0.25–0.34 s). Axe runs in the page: the site has no frames to merge results
 * from, and no second page takes the focus away from the page under test.
 */
async function runAxe(page: Page): Promise<Violations> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) => (window as unknown as AxeInPage).axe.run(document, options),
    RUN_OPTIONS,
  );
  return results.violations;
}

/**
 * Runs axe on the page as it is now, and records a failure for each page that breaks a rule,
 * listing the rule, the elements and axe's help, without stopping the test: one run reports every
 * page at fault.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  await animationsSettled(page);
  let violations = await runAxe(page);
  // A toast may begin to fade out while axe reads the page (it leaves four seconds after it came):
  // a fault found on a toast, or on an element gone since, is checked again once the page has
  // settled anew. A fault that stays is reported; one that was only the fade is not.
  if (await faultsOnLeavingElements(page, violations)) {
    await animationsSettled(page);
    violations = await runAxe(page);
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
