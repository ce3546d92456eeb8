// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatAdminDate,
  formatAdminDateTime,
  formatDayAndTime,
  formatEuros,
  formatLongDate,
  formatLongDateTime,
  formatPrice,
  formatShortDate,
  formatPhone,
  formatTimeWindow,
  parisDay,
  phoneHref,
} from './format';

// Intl puts narrow no-break spaces in French numbers: compare on normal spaces.
const plain = (value: string) => value.replace(/[\u202f\u00a0]/g, ' ');

/**
 * Intl's fr-FR format in Paris time, the reference each written-out format is held to, except
 * that French writes the first day of a month '1er' where Intl writes '1'.
 */
const intl = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: 'Europe/Paris' });
  return (iso: string) => format.format(new Date(iso)).replace(/(^|\s)1 (?=\p{L})/u, '$11er ');
};

/** Every six hours through 2025–2028 and every quarter-hour around each change of time. */
function instants(): string[] {
  const times: number[] = [];
  for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2029, 0, 1); time += 6 * 3_600_000) {
    times.push(time + ((time / 3_600_000) % 7) * 60_000);
  }
  for (const year of [2025, 2026, 2027, 2028, 2031, 2032]) {
    for (const month of [2, 9]) {
      const lastSunday = new Date(Date.UTC(year, month + 1, 0));
      const day = lastSunday.getUTCDate() - lastSunday.getUTCDay();
      const around = Date.UTC(year, month, day, 1);
      for (let step = -12; step <= 12; step += 1) times.push(around + step * 15 * 60_000);
    }
  }
  return times.map((time) => new Date(time).toISOString());
}

describe('French formatting', () => {
  it('shows amounts in euros with two decimals', () => {
    expect(plain(formatEuros(2887))).toBe('28,87 €');
    expect(plain(formatEuros(1_000_000))).toBe('10 000,00 €');
  });

  it('shows whole catalogue prices without decimals', () => {
    expect(plain(formatPrice(129_900))).toBe('1 299 €');
    expect(plain(formatPrice(1099))).toBe('10,99 €');
  });

  it('formats dates in the French styles (long, dd MMM yyyy, dd/MM/yyyy), in Paris time', () => {
    expect(formatShortDate('1990-03-07')).toBe('07/03/1990');
    expect(formatAdminDate('2026-12-05T09:00:00Z')).toBe('05 déc. 2026');
    expect(formatAdminDateTime('2026-12-05T09:00:00Z')).toBe('05 déc. 2026, 10:00');
    expect(formatLongDate('2026-07-14')).toBe('14 juillet 2026');
    expect(formatLongDateTime('2026-12-05T09:00:00Z')).toBe('samedi 5 décembre 2026 à 10:00');
    expect(formatTimeWindow('2026-07-04T07:30:00Z', '2026-07-04T08:30:00Z')).toBe(
      'samedi 4 juillet, entre 09:30 et 10:30',
    );
  });

  it('writes the first day of a month « 1er » wherever the day is spelled', () => {
    expect(formatLongDate('2026-12-01')).toBe('1er décembre 2026');
    expect(formatLongDateTime('2026-12-01T09:00:00Z')).toBe('mardi 1er décembre 2026 à 10:00');
    expect(formatDayAndTime('2026-12-01T09:00:00Z')).toBe('1er déc., 10:00');
    expect(formatTimeWindow('2026-08-01T07:30:00Z', '2026-08-01T08:30:00Z')).toBe(
      'samedi 1er août, entre 09:30 et 10:30',
    );
    expect(formatLongDate('2026-12-11')).toBe('11 décembre 2026');
    expect(formatLongDate('2026-12-21')).toBe('21 décembre 2026');
    // Figures only: the day stays two figures.
    expect(formatShortDate('2026-12-01')).toBe('01/12/2026');
    expect(formatAdminDate('2026-12-01T09:00:00Z')).toBe('01 déc. 2026');
  });

  it('writes French phone numbers in pairs of digits, kept on one line', () => {
    const spaced = (value: string) => value.replace(/\u00a0/g, ' ');
    expect(spaced(formatPhone('0612345678'))).toBe('06 12 34 56 78');
    expect(spaced(formatPhone('06.12.34.56.78'))).toBe('06 12 34 56 78');
    expect(spaced(formatPhone(' 01 42-60-30-00 '))).toBe('01 42 60 30 00');
    expect(spaced(formatPhone('+33612345678'))).toBe('+33 6 12 34 56 78');
    expect(spaced(formatPhone('+33 (0)6 12 34 56 78'))).toBe('+33 6 12 34 56 78');
    expect(spaced(formatPhone('0033 6 12 34 56 78'))).toBe('+33 6 12 34 56 78');
    expect(formatPhone('0612345678')).not.toContain(' ');
  });

  it('leaves a foreign or unexpected number as typed, and links each to its digits', () => {
    expect(formatPhone('+44 7911  123456')).toBe('+44\u00a07911\u00a0123456');
    expect(formatPhone('123')).toBe('123');
    expect(phoneHref('06 12 34 56 78')).toBe('tel:0612345678');
    expect(phoneHref('+33 (0)6 12 34 56 78')).toBe('tel:+33612345678');
    expect(phoneHref('+44 7911 123456')).toBe('tel:+447911123456');
  });

  it('writes every instant as Intl does in Paris time, across the changes of time', () => {
    const references = {
      longDateTime: intl({
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }),
      longDate: intl({ day: 'numeric', month: 'long', year: 'numeric' }),
      shortDate: intl({ day: '2-digit', month: '2-digit', year: 'numeric' }),
      adminDate: intl({ day: '2-digit', month: 'short', year: 'numeric' }),
      adminDateTime: intl({
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }),
      dayAndTime: intl({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
    };
    const dayInParis = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });
    for (const iso of instants()) {
      expect(formatLongDateTime(iso), iso).toBe(references.longDateTime(iso));
      expect(formatLongDate(iso), iso).toBe(references.longDate(iso));
      expect(formatShortDate(iso), iso).toBe(references.shortDate(iso));
      expect(formatAdminDate(iso), iso).toBe(references.adminDate(iso));
      expect(formatAdminDateTime(iso), iso).toBe(references.adminDateTime(iso));
      expect(formatDayAndTime(iso), iso).toBe(references.dayAndTime(iso));
      expect(parisDay(new Date(iso)), iso).toBe(dayInParis.format(new Date(iso)));
    }
  });

  it('reads a calendar day as that day, whatever the zone, and a date it cannot read as nothing', () => {
    expect(formatLongDate('2026-03-29')).toBe('29 mars 2026');
    expect(formatShortDate('1975-10-26')).toBe('26/10/1975');
    expect(formatLongDate('pas une date')).toBe('');
  });
});
