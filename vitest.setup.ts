import { afterEach, beforeEach } from 'vitest';

/**
 * A test fails when the code under test writes to `console.error` without the test expecting it:
 * React's warnings (a missing key, an update outside act, a hydration mismatch) and the errors the
 * app only logs would otherwise pass unseen. A test that expects one replaces `console.error`
 * itself (`vi.spyOn(console, 'error').mockImplementation(…)`) and asserts on it.
 */
const original = console.error;
let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  console.error = (...args: unknown[]) => {
    unexpected.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (unexpected.length > 0) {
    const first = unexpected[0].map((part) =>
      part instanceof Error ? part.message : String(part),
    );
    throw new Error(
      `Unexpected console.error (${unexpected.length}×), the first: ${first.join(' ').slice(0, 500)}`,
    );
  }
});
