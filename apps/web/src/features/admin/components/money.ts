/**
 * '189,50', '1 189,50' or '189.5' → 18950 (spaces between thousands are ignored); '' → undefined
 * (the schema then says the field is required).
 */
export function eurosToCents(value: string): number | undefined {
  const trimmed = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (trimmed === '') return undefined;
  const euros = Number(trimmed);
  if (Number.isNaN(euros)) return Number.NaN;
  // Removes floating-point noise (0.1 × 100) without hiding a third decimal.
  return Math.round(euros * 100 * 1000) / 1000;
}

/** An amount for a form field, written the French way: 18950 → '189,50'. */
export const centsToEuros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
