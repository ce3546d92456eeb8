import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use';

describe('onFirstUse', () => {
  it('builds the value at the first call only, then gives the same one', () => {
    let builds = 0;
    const value = onFirstUse(() => ({ built: (builds += 1) }));
    expect(builds).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(builds).toBe(1);
  });
});
