import { describe, expect, it } from 'vitest';
import { parisDateTime, parisDay } from '../../src/lib/french-dates';

describe('French dates in documents, mails and notices', () => {
  it('write the first of the month « 1er », in Paris time', () => {
    expect(parisDateTime('2026-12-01T09:00:00Z')).toBe('mardi 1er décembre 2026 à 10:00');
    expect(parisDay(new Date('2026-12-01T09:00:00Z'))).toBe('mardi 1er décembre 2026');
    expect(parisDay('2026-12-01T09:00:00Z', 'long')).toBe('1er décembre 2026');
  });

  it('leave other days as they are, and take the day of Paris, not of UTC', () => {
    expect(parisDay('2026-12-11T09:00:00Z', 'long')).toBe('11 décembre 2026');
    expect(parisDay('2026-11-30T23:30:00Z', 'long')).toBe('1er décembre 2026');
  });
});
