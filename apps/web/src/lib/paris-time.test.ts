import { describe, expect, it } from 'vitest';
import { inParis, parisMidnight, parisOffsetHours } from './paris-time';

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
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2033, 0, 1); time += 3_600_000) {
      const date = new Date(time);
      expect(inParis(date).hour, date.toISOString()).toBe(Number(hourInParis.format(date)));
    }
  });

  it('places midnight in Paris, on the days the time changes too', () => {
    expect(parisMidnight('2026-12-05').toISOString()).toBe('2026-12-04T23:00:00.000Z');
    expect(parisMidnight('2026-07-14').toISOString()).toBe('2026-07-13T22:00:00.000Z');
    expect(parisMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(inParis(parisMidnight('2026-10-25'))).toMatchObject({ day: 25, hour: 0, minute: 0 });
  });
});
