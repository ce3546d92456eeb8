import { describe, expect, it } from 'vitest';
import { dailyKmLimitFor, offersUnlimitedKm, SUPERCAR_DAILY_KM_LIMIT } from './vehicle';

describe('the kilometre rule', () => {
  it('offers unlimited km only to a car without a daily limit', () => {
    expect(offersUnlimitedKm({ dailyKmLimit: null })).toBe(true);
    expect(offersUnlimitedKm({ dailyKmLimit: 150 })).toBe(false);
  });

  it('always gives a Super Car a daily limit, and keeps the current one when none is asked', () => {
    expect(dailyKmLimitFor('Super Cars', undefined)).toBe(SUPERCAR_DAILY_KM_LIMIT);
    expect(dailyKmLimitFor('Super Cars', null, 150)).toBe(SUPERCAR_DAILY_KM_LIMIT);
    expect(dailyKmLimitFor('Super Cars', undefined, 150)).toBe(150);
    expect(dailyKmLimitFor('Luxe', undefined)).toBeNull();
    expect(dailyKmLimitFor('Luxe', 300)).toBe(300);
    expect(dailyKmLimitFor('Luxe', null, 300)).toBeNull();
  });
});
