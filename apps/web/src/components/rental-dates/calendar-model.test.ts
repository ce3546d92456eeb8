// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dayState,
  monthWeeks,
  nearestFreePeriod,
  refusePeriod,
  slotMinutes,
  type Span,
} from './calendar-model';

const at = (iso: string) => Date.parse(iso);
// 1 March 2027, 10:00 in Paris (winter time, UTC+1).
const NOW = at('2027-03-01T09:00:00Z');
// The car is taken from 10 March 10:00 to 14 March 10:00 (Paris).
const TAKEN: Span[] = [{ start: at('2027-03-10T09:00:00Z'), end: at('2027-03-14T09:00:00Z') }];
const UNTIL = at('2028-01-01T00:00:00Z');
const iso = (span: Span | null) =>
  span && { start: new Date(span.start).toISOString(), end: new Date(span.end).toISOString() };

describe('the rental calendar', () => {
  it('lays a month out in French weeks, Monday first', () => {
    const march = monthWeeks('2027-03-17');
    expect(march).toHaveLength(5);
    expect(march[0]).toEqual([
      '2027-03-01',
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
      '2027-03-06',
      '2027-03-07',
    ]);
    expect(march[4]).toEqual(['2027-03-29', '2027-03-30', '2027-03-31', null, null, null, null]);
    // August 2027 starts on a Sunday: six empty days before it.
    expect(monthWeeks('2027-08-01')[0]!.filter((day) => day === null)).toHaveLength(6);
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
  });

  it('offers times every half hour within the delivery hours', () => {
    const slots = slotMinutes();
    expect(slots[0]).toBe(8 * 60);
    expect(slots.at(-1)).toBe(20 * 60);
    expect(new Set(slots.slice(1).map((slot, index) => slot - slots[index]!))).toEqual(
      new Set([30]),
    );
  });

  it.each([
    ['yesterday', '2027-02-28', 'past'],
    ['today, times still ahead', '2027-03-01', 'free'],
    ['the first day of a booking, free in the morning', '2027-03-10', 'partly-taken'],
    ['a day inside it', '2027-03-12', 'taken'],
    ['its last day, free from 10:00', '2027-03-14', 'partly-taken'],
    ['the day after', '2027-03-15', 'free'],
  ])('says %s is %s', (_label, day, state) => {
    expect(dayState(day, TAKEN, NOW)).toBe(state);
  });

  it('says today is past once its last time has gone', () => {
    expect(dayState('2027-03-01', [], at('2027-03-01T19:30:00Z'))).toBe('past');
  });

  it('refuses a start in the past, a start inside a taken period, a period over one', () => {
    const period = (start: string, end: string) => ({ start: at(start), end: at(end) });
    expect(refusePeriod(period('2027-02-27T09:00:00Z', '2027-03-02T09:00:00Z'), TAKEN, NOW)).toBe(
      'past',
    );
    expect(refusePeriod(period('2027-03-12T09:00:00Z', '2027-03-20T09:00:00Z'), TAKEN, NOW)).toBe(
      'start-taken',
    );
    expect(refusePeriod(period('2027-03-08T09:00:00Z', '2027-03-11T09:00:00Z'), TAKEN, NOW)).toBe(
      'overlaps',
    );
    // Ending when the booking starts, starting when it ends: both free (half-open periods).
    expect(refusePeriod(period('2027-03-08T09:00:00Z', '2027-03-10T09:00:00Z'), TAKEN, NOW)).toBe(
      null,
    );
    expect(refusePeriod(period('2027-03-14T09:00:00Z', '2027-03-16T09:00:00Z'), TAKEN, NOW)).toBe(
      null,
    );
  });

  it('proposes the nearest free period of the same length, after the taken one', () => {
    const wanted = { start: at('2027-03-12T09:00:00Z'), end: at('2027-03-14T09:00:00Z') };
    expect(iso(nearestFreePeriod(wanted, TAKEN, { now: NOW, until: UNTIL }))).toEqual({
      start: '2027-03-14T09:00:00.000Z',
      end: '2027-03-16T09:00:00.000Z',
    });
  });

  it('proposes the period before the taken one when it is nearer', () => {
    const wanted = { start: at('2027-03-09T09:00:00Z'), end: at('2027-03-11T09:00:00Z') };
    expect(iso(nearestFreePeriod(wanted, TAKEN, { now: NOW, until: UNTIL }))).toEqual({
      start: '2027-03-08T09:00:00.000Z',
      end: '2027-03-10T09:00:00.000Z',
    });
  });

  it('never proposes a period in the past, nor one beyond what is known', () => {
    const soon: Span[] = [{ start: at('2027-03-01T07:00:00Z'), end: at('2027-03-05T17:00:00Z') }];
    const wanted = { start: at('2027-03-02T09:00:00Z'), end: at('2027-03-03T09:00:00Z') };
    // 5 March 18:00 is taken until 18:00 Paris; a day from 18:00 ends at 18:00 the next day.
    expect(iso(nearestFreePeriod(wanted, soon, { now: NOW, until: UNTIL }))).toEqual({
      start: '2027-03-05T17:00:00.000Z',
      end: '2027-03-06T17:00:00.000Z',
    });
    expect(nearestFreePeriod(wanted, soon, { now: NOW, until: at('2027-03-06T00:00:00Z') })).toBe(
      null,
    );
  });

  it('keeps the proposal within the delivery hours', () => {
    // Wanted: 10:00 for 9 hours (until 19:00); the taken period ends at 12:00 on the 14th.
    const taken: Span[] = [{ start: TAKEN[0]!.start, end: at('2027-03-14T11:00:00Z') }];
    const wanted = { start: at('2027-03-14T09:00:00Z'), end: at('2027-03-14T18:00:00Z') };
    const proposal = nearestFreePeriod(wanted, taken, { now: NOW, until: UNTIL })!;
    // 12:00 + 9 h = 21:00, past the last time: the 9 hours start at 08:00 the day after.
    expect(iso(proposal)).toEqual({
      start: '2027-03-15T07:00:00.000Z',
      end: '2027-03-15T16:00:00.000Z',
    });
  });
});
