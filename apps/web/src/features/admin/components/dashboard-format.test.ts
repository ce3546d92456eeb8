// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatEuros } from '../../../lib/format';
import {
  counted,
  formatClock,
  formatDay,
  formatDays,
  formatMonth,
  formatShare,
  formatWeek,
  formatWeekDay,
} from './dashboard-format';

const NBSP = '\u00a0';

describe('the dashboard’s French figures', () => {
  it('writes amounts, shares and days as a French reader expects', () => {
    expect(formatEuros(123_456)).toBe(`1${NBSP}234,56${NBSP}€`);
    expect(formatShare(0.456)).toBe(`46${NBSP}%`);
    expect(formatDays(3_600)).toBe(`2,5${NBSP}j`);
    expect(formatDays(1_500_000)).toBe(`1${NBSP}041,7${NBSP}j`);
    expect(counted(1, 'facture', 'factures')).toBe(`1${NBSP}facture`);
    expect(counted(3, 'facture', 'factures')).toBe(`3${NBSP}factures`);
  });

  it('names Paris days and weeks in letters, the first of a month as « 1er »', () => {
    expect(formatDay('2026-03-01')).toBe('dimanche 1er mars 2026');
    expect(formatMonth('2026-03-25')).toBe('mars 2026');
    expect(formatWeekDay('2026-03-25')).toBe('mer. 25');
    expect(formatWeek('2026-03-23', '2026-03-29')).toBe('du 23 au 29 mars');
    expect(formatWeek('2026-06-01', '2026-06-07')).toBe('du 1er au 7 juin');
    expect(formatWeek('2026-03-30', '2026-04-05')).toBe('du 30 mars au 5 avril');
  });

  it('reads an instant’s time in Paris, summer time included', () => {
    expect(formatClock('2026-03-25T13:00:00Z')).toBe('14:00');
    expect(formatClock('2026-03-29T08:00:00Z')).toBe('10:00');
  });
});
