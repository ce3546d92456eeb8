import { describe, expect, it } from 'vitest';
import { parisDay } from '../../src/modules/identity/identity.service';
import { time } from '../../src/modules/mail/mail-templates';

// The Paris day and time are formatted by formatters made once (they cost far more to make than
// to use): the same text as made on each call, on both sides of midnight and of the clock changes.
const instants = [
  '2026-01-15T22:59:59.000Z',
  '2026-01-15T23:00:00.000Z',
  '2026-03-29T00:59:00.000Z',
  '2026-03-29T01:00:00.000Z',
  '2026-07-01T21:59:00.000Z',
  '2026-07-01T22:00:00.000Z',
  '2026-10-25T00:30:00.000Z',
  '2026-10-25T01:30:00.000Z',
].map((at) => new Date(at));

describe('Paris days and times', () => {
  it('are the days and times made on each call', () => {
    for (const at of instants) {
      expect(parisDay(at)).toBe(at.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }));
      expect(time(at)).toBe(
        new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short', timeZone: 'Europe/Paris' }).format(
          at,
        ),
      );
    }
    expect(parisDay(new Date('2026-01-15T23:00:00.000Z'))).toBe('2026-01-16');
    expect(time(new Date('2026-07-01T22:00:00.000Z'))).toBe('00:00');
  });
});
