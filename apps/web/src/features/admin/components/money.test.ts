// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents } from './money';

describe('amounts in the console’s forms', () => {
  it('writes an amount the French way, whatever the browser’s language', () => {
    expect(centsToEuros(95_559)).toBe('955,59');
    expect(centsToEuros(18_950)).toBe('189,50');
  });

  it('reads a comma, a point or spaces between thousands', () => {
    expect(eurosToCents('189,50')).toBe(18_950);
    expect(eurosToCents('189.5')).toBe(18_950);
    expect(eurosToCents('1 189,50')).toBe(118_950);
    expect(eurosToCents('1\u202f189,50')).toBe(118_950);
    expect(eurosToCents('')).toBeUndefined();
    expect(eurosToCents('douze')).toBeNaN();
  });
});
