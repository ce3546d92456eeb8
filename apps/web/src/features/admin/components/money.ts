/** '189,50' or '189.5' → 18950; '' → undefined (the schema then says the field is required). */
export function eurosToCents(value: string): number | undefined {
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const euros = Number(trimmed);
  if (Number.isNaN(euros)) return Number.NaN;
  // Removes floating-point noise (0.1 × 100) without hiding a third decimal.
  return Math.round(euros * 100 * 1000) / 1000;
}

export const centsToEuros = (cents: number) => (cents / 100).toFixed(2);

/** The first message of each field, from a zod error's issues. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
