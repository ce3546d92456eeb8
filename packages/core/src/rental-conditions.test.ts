import { describe, expect, it } from 'vitest';
import { checkRentalConditions, yearsBetween } from './rental-conditions';

describe('yearsBetween', () => {
  it('counts whole years like a birthday', () => {
    expect(yearsBetween('2000-03-10', '2025-03-09')).toBe(24);
    expect(yearsBetween('2000-03-10', '2025-03-10')).toBe(25);
  });
});

describe('checkRentalConditions', () => {
  const base = {
    startDay: '2027-06-01',
    licenseIssueDate: '2015-01-01',
    dateOfBirth: '1990-01-01',
  };

  it('accepts a driver of 25 with 2 years of licence for a standard car', () => {
    expect(
      checkRentalConditions({
        ...base,
        isSupercar: false,
        dateOfBirth: '2002-06-01',
        licenseIssueDate: '2025-06-01',
      }),
    ).toBeNull();
  });

  it('refuses a driver under 25', () => {
    expect(checkRentalConditions({ ...base, isSupercar: false, dateOfBirth: '2002-06-02' })).toBe(
      'Le conducteur principal doit avoir au moins 25 ans.',
    );
  });

  it('refuses a licence younger than 2 years', () => {
    expect(
      checkRentalConditions({ ...base, isSupercar: false, licenseIssueDate: '2025-06-02' }),
    ).toBe('Le permis de conduire doit être détenu depuis au moins 2 ans.');
  });

  it('asks 30 years and 5 years of licence for a Super Car', () => {
    expect(checkRentalConditions({ ...base, isSupercar: true, dateOfBirth: '1997-06-02' })).toBe(
      'Le conducteur principal doit avoir au moins 30 ans pour louer une Super Car.',
    );
    expect(
      checkRentalConditions({ ...base, isSupercar: true, licenseIssueDate: '2022-06-02' }),
    ).toBe(
      'Le permis de conduire doit être détenu depuis au moins 5 ans pour louer une Super Car.',
    );
    expect(checkRentalConditions({ ...base, isSupercar: true })).toBeNull();
  });
});
