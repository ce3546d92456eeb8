import { afterEach, describe, expect, it } from 'vitest';
import { urlInstant } from './period-rules';

// The process's zone, changed at run time (Node reads TZ again when it is set); core has no Node
// types, being shared with the browser.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } })
  .process.env;
const zone = env.TZ;
afterEach(() => {
  env.TZ = zone;
});

describe('urlInstant', () => {
  it('keeps an instant with its zone, written in UTC', () => {
    expect(urlInstant('2027-01-10T08:00:00.000Z')).toBe('2027-01-10T08:00:00.000Z');
    expect(urlInstant('2027-07-10T09:00:00+02:00')).toBe('2027-07-10T07:00:00.000Z');
  });

  it('reads a date and time without a zone on a Paris clock, whatever the process’s zone', () => {
    for (const tz of ['UTC', 'America/New_York', 'Europe/Paris']) {
      env.TZ = tz;
      expect(urlInstant('2027-01-10T09:00'), tz).toBe('2027-01-10T08:00:00.000Z');
      expect(urlInstant('2027-07-10T09:30:00'), tz).toBe('2027-07-10T07:30:00.000Z');
    }
  });

  it('answers nothing for what is not an instant', () => {
    expect(urlInstant(null)).toBe('');
    expect(urlInstant('')).toBe('');
    expect(urlInstant('demain')).toBe('');
  });
});
