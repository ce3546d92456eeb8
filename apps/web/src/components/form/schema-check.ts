import type { Checked, FieldErrors } from './use-form-state';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** A schema's verdict (zod's `safeParse`) as a check: each field's first problem under it. */
export function schemaCheck<Input>(
  result: { success: true; data: Input } | { success: false; error: { issues: readonly Issue[] } },
): Checked<Input> {
  if (result.success) return { ok: true, input: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues)
    errors[issue.path.map(String).join('.')] ??= issue.message;
  return { ok: false, errors };
}
