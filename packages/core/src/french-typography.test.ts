import { describe, expect, it } from 'vitest';
import { firstOfMonth, formatKilometres, frenchSpacing, groupDigits } from './french-typography';

const nb = (text: string) => text.replaceAll('_', '\u00a0');

describe('frenchSpacing', () => {
  it('ties the high signs to the word before them', () => {
    expect(frenchSpacing('Total : 120 € ; merci ! Une question ?')).toBe(
      nb('Total_: 120_€_; merci_! Une question_?'),
    );
  });

  it('keeps quotes around their words', () => {
    expect(frenchSpacing('le « Loueur » et le « Client ».')).toBe(
      nb('le «_Loueur_» et le «_Client_».'),
    );
  });

  it('keeps the groups of a number and its unit together', () => {
    expect(frenchSpacing('12 000 € de caution, 1 000 km, 116 ch, 9,7 s, 175 km/h, 50 %')).toBe(
      nb('12_000_€ de caution, 1_000_km, 116_ch, 9,7_s, 175_km/h, 50_%'),
    );
    expect(frenchSpacing('assistance 24 h/24, 48 h avant')).toBe(
      nb('assistance 24_h/24, 48_h avant'),
    );
  });

  it('replaces the narrow no-break space that the body font does not draw', () => {
    expect(frenchSpacing('12\u202f345 km')).toBe(nb('12_345_km'));
  });

  it('leaves addresses, times, links and words alone', () => {
    const text = 'Voir https://exemple.fr/a?b=1 à 10:30, 3 hôtels, 2 salles, page 12 sur 200.';
    expect(frenchSpacing(text)).toBe(text);
  });

  it('changes nothing twice', () => {
    const once = frenchSpacing('Prix : 1 299 € !');
    expect(frenchSpacing(once)).toBe(once);
  });
});

describe('formatKilometres', () => {
  it('groups thousands with a visible no-break space and keeps the unit', () => {
    expect(formatKilometres(12345)).toBe(nb('12_345_km'));
    expect(formatKilometres(850)).toBe(nb('850_km'));
  });
});

describe('groupDigits', () => {
  it('groups a whole number as Intl’s French number format does, with visible spaces', () => {
    const intl = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
    for (let power = 0; power <= 15; power += 1) {
      for (const value of [10 ** power, 10 ** power - 1, 987_654_321_012_345 % 10 ** power]) {
        for (const signed of value === 0 ? [0] : [value, -value]) {
          expect(groupDigits(signed), String(signed)).toBe(
            intl.format(signed).replace(/\u202f/g, '\u00a0'),
          );
        }
      }
    }
  });

  it('rounds half away from zero', () => {
    expect(groupDigits(1234.5)).toBe(nb('1_235'));
    expect(groupDigits(-1234.5)).toBe(nb('-1_235'));
  });
});

describe('firstOfMonth', () => {
  it('writes the first day of a month « 1er », in a date Intl wrote', () => {
    const full = new Intl.DateTimeFormat('fr-FR', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'Europe/Paris',
    });
    expect(firstOfMonth(full.format(new Date('2026-12-01T09:00:00Z')))).toBe(
      'mardi 1er décembre 2026 à 10:00',
    );
    expect(firstOfMonth('1 déc. 2026')).toBe('1er déc. 2026');
  });

  it('leaves every other day, and figures that are not a day, alone', () => {
    expect(firstOfMonth('samedi 11 décembre 2026')).toBe('samedi 11 décembre 2026');
    expect(firstOfMonth('jeudi 21 janvier 2027')).toBe('jeudi 21 janvier 2027');
    expect(firstOfMonth('01/12/2026')).toBe('01/12/2026');
    expect(firstOfMonth('1er décembre')).toBe('1er décembre');
  });
});
