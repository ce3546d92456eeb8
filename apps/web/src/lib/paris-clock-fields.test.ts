// @vitest-environment node
import { fromParisClock } from '@vroum/core/paris-time';
import { describe, expect, it } from 'vitest';
import { parisClockValue } from './format';

// A date and time field shows an instant on a Paris clock and reads it back (core's paris-time).
describe('Paris time', () => {
  it('shows an instant as the clock in Paris reads it, for a date and time field', () => {
    expect(parisClockValue(new Date('2026-12-05T09:00:00Z'))).toBe('2026-12-05T10:00');
    expect(parisClockValue(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15T00:30');
  });

  it('reads the hour the clocks skip as the next one, and the repeated hour as its first time', () => {
    expect(fromParisClock('2026-03-29T02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parisClockValue(fromParisClock('2026-03-29T02:30')!)).toBe('2026-03-29T03:30');
    expect(fromParisClock('2026-10-25T02:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(fromParisClock('2026-10-25T03:30')?.toISOString()).toBe('2026-10-25T02:30:00.000Z');
  });

  it('gives back every quarter hour of 2026 a field can hold', () => {
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += 900_000) {
      const date = new Date(time);
      const shown = parisClockValue(date);
      // The repeated hour of October is read back as its first occurrence.
      const back = fromParisClock(shown)!;
      expect(parisClockValue(back), date.toISOString()).toBe(shown);
    }
  });
});
