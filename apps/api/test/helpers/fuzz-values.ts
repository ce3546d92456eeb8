/**
 * Inputs for the fuzz test of the OpenAPI document: a plausible value for a JSON schema (so that
 * one hostile field is all that is wrong in a request) and the hostile values themselves.
 */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  minimum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

const IN_TEN_DAYS = new Date(Date.now() + 10 * 86_400_000).toISOString();

/** A value the schema accepts, as far as its type, format, enum and bounds tell. */
export function plausibleValue(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'a';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const first = alternatives.find((alternative) => alternative.type !== 'null');
    return plausibleValue(first ?? alternatives[0]);
  }
  const type = Array.isArray(schema.type)
    ? schema.type.find((candidate) => candidate !== 'null')
    : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausibleValue(schema.items)];
    case 'object':
      return plausibleObject(schema);
    default:
      return plausibleString(schema);
  }
}

export function plausibleObject(schema: JsonSchema): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    object[name] = plausibleValue(property);
  }
  return object;
}

function plausibleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return '5f0c6c1e-8a1b-4c2d-9e3f-0a1b2c3d4e5f';
    case 'email':
      return 'fuzz@example.fr';
    case 'date-time':
      return IN_TEN_DAYS;
    case 'date':
      return IN_TEN_DAYS.slice(0, 10);
    case 'uri':
      return 'https://example.fr/';
    default:
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** Wrong types, extremes, control characters, broken Unicode, impossible dates. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  -1,
  1e308,
  true,
  [],
  {},
  '',
  'x'.repeat(100_000),
  '\u0001\u001f\u007f',
  'a\u0000b',
  '\ud800',
  '2026-02-30T25:61:00Z',
  '0000-00-00',
  'not-a-uuid',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
];

/** The same, as raw text for a path segment or a query string (some deliberately malformed). */
export const HOSTILE_SEGMENTS = [
  'x',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(99),
  'a'.repeat(2_000),
  '%00',
  '%01%1F',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '..%2F..%2Fetc',
  '-1',
  '1e308',
  '2026-02-30',
  '%3Cscript%3E',
];
