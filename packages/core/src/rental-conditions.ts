/** Stated rental conditions: age 25 and licence 2 years; 30 and 5 for Super Cars. */
export const RENTAL_CONDITIONS = {
  standard: { minAge: 25, minLicenceYears: 2 },
  supercar: { minAge: 30, minLicenceYears: 5 },
} as const;

/** Whole years between two calendar days ('yyyy-mm-dd'), as birthdays count them. */
export function yearsBetween(fromDay: string, toDay: string): number {
  const [fy, fm, fd] = fromDay.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = toDay.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

/**
 * Checks the main driver against the conditions on the first day of the rental. Returns the
 * French message to show, or null when the driver may rent this vehicle.
 */
export function checkRentalConditions(input: {
  isSupercar: boolean;
  dateOfBirth: string;
  licenseIssueDate: string;
  /** First day of the rental, 'yyyy-mm-dd'. */
  startDay: string;
}): string | null {
  const rule = input.isSupercar ? RENTAL_CONDITIONS.supercar : RENTAL_CONDITIONS.standard;
  const scope = input.isSupercar ? ' pour louer une Super Car' : '';
  if (input.licenseIssueDate > input.startDay) {
    return 'La date d’obtention du permis ne peut pas être postérieure au début de la location.';
  }
  if (yearsBetween(input.dateOfBirth, input.startDay) < rule.minAge) {
    return `Le conducteur principal doit avoir au moins ${rule.minAge} ans${scope}.`;
  }
  if (yearsBetween(input.licenseIssueDate, input.startDay) < rule.minLicenceYears) {
    return `Le permis de conduire doit être détenu depuis au moins ${rule.minLicenceYears} ans${scope}.`;
  }
  return null;
}

export interface ConditionResult {
  label: string;
  required: string;
  actual: string;
  pass: boolean;
}

/**
 * The rental conditions computed for one booking, rule by rule, as the team sees them when it
 * reviews an identity: never left to the eye.
 */
export function evaluateRentalConditions(input: {
  isSupercar: boolean;
  dateOfBirth: string;
  licenseIssueDate: string;
  startDay: string;
}): ConditionResult[] {
  const rule = input.isSupercar ? RENTAL_CONDITIONS.supercar : RENTAL_CONDITIONS.standard;
  const age = yearsBetween(input.dateOfBirth, input.startDay);
  const seniority = yearsBetween(input.licenseIssueDate, input.startDay);
  const years = (n: number) => `${n} an${n > 1 ? 's' : ''}`;
  return [
    {
      label: 'Âge au début de la location',
      required: `${rule.minAge} ans minimum`,
      actual: years(age),
      pass: age >= rule.minAge,
    },
    {
      label: 'Ancienneté du permis',
      required: `${rule.minLicenceYears} ans minimum`,
      actual: input.licenseIssueDate > input.startDay ? 'permis postérieur' : years(seniority),
      pass: input.licenseIssueDate <= input.startDay && seniority >= rule.minLicenceYears,
    },
  ];
}
