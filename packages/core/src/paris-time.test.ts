import { describe, expect, it } from 'vitest';
import { fromParisClock, inParis, parisMidnight, parisOffsetHours } from './paris-time';

const hourInParis = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  hourCycle: 'h23',
});

describe('Paris time', () => {
  it('is one hour ahead of UTC in winter and two from the last Sunday of March to that of October', () => {
    expect(parisOffsetHours(new Date('2026-03-29T00:59:59Z'))).toBe(1);
    expect(parisOffsetHours(new Date('2026-03-29T01:00:00Z'))).toBe(2);
    expect(parisOffsetHours(new Date('2026-10-25T00:59:59Z'))).toBe(2);
    expect(parisOffsetHours(new Date('2026-10-25T01:00:00Z'))).toBe(1);
  });

  it('reads every hour of 2024–2032 as Intl’s Europe/Paris zone does', () => {
    // One assertion over the 78,912 hours: an `expect` per hour took most of the test's time.
    const different: string[] = [];
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2033, 0, 1); time += 3_600_000) {
      const date = new Date(time);
      if (inParis(date).hour !== Number(hourInParis.format(date))) {
        different.push(date.toISOString());
      }
    }
    expect(different).toEqual([]);
  });

  it('places midnight in Paris, on the days the time changes too', () => {
    expect(parisMidnight('2026-12-05').toISOString()).toBe('2026-12-04T23:00:00.000Z');
    expect(parisMidnight('2026-07-14').toISOString()).toBe('2026-07-13T22:00:00.000Z');
    expect(parisMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(inParis(parisMidnight('2026-10-25'))).toMatchObject({ day: 25, hour: 0, minute: 0 });
  });

  it('reads a date and time field as Paris time, whatever the browser’s zone', () => {
    expect(fromParisClock('2026-12-05T10:00')?.toISOString()).toBe('2026-12-05T09:00:00.000Z');
    expect(fromParisClock('2026-07-15T00:30')?.toISOString()).toBe('2026-07-14T22:30:00.000Z');
    expect(fromParisClock('2026-07-15T00:30:00')?.toISOString()).toBe('2026-07-14T22:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    expect(fromParisClock('')).toBeNull();
    expect(fromParisClock('2026-02-30T10:00')).toBeNull();
    expect(fromParisClock('2026-12-05T25:00')).toBeNull();
    expect(fromParisClock('demain')).toBeNull();
  });
});
