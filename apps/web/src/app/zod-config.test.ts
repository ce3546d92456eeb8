// @vitest-environment node
import './zod-config';
import { z } from 'zod';
import { config } from 'zod/v4/core';
import { describe, expect, it, vi } from 'vitest';

describe('zod in the browser', () => {
  it('runs jitless, as set before zod was loaded', () => {
    expect(config().jitless).toBe(true);
  });

  it('checks an object schema without probing for eval', () => {
    const probe = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ email: z.string().email(), days: z.number().int().min(1) });
    expect(schema.safeParse({ email: 'a@b.fr', days: 3 }).success).toBe(true);
    expect(schema.safeParse({ email: 'a@b.fr', days: 0 }).success).toBe(false);
    expect(probe).not.toHaveBeenCalled();
  });
});
