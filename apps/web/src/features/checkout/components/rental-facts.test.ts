// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { visitWindows } from './rental-facts';

describe('the checkout’s visit windows', () => {
  it('tells both windows from the chosen times, half an hour either side (Paris time)', () => {
    expect(
      visitWindows({ startDate: '2026-12-05T09:00:00.000Z', endDate: '2026-12-08T17:30:00.000Z' }),
    ).toBe(
      'Notre agent arrive à la livraison entre 09:30 et 10:30, et à la restitution entre 18:00 et 19:00.',
    );
  });

  it('waits for both dates', () => {
    expect(visitWindows({ startDate: '2026-12-05T09:00:00.000Z', endDate: '' })).toBeNull();
  });
});
