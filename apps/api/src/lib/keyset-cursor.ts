import { badRequest } from './app-error';

/**
 * Opaque cursors of keyset pagination: the sort key of the last row shown, as base64url JSON.
 * Clients pass them back untouched; a cursor that does not decode to a key `parse` accepts is a
 * 400, never a SQL error.
 */
export const encodeKeysetCursor = (key: readonly (string | number)[]): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeKeysetCursor<T>(
  cursor: string,
  parse: (key: readonly unknown[]) => T | null,
  field: string,
): T {
  let key: T | null = null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value)) key = parse(value);
  } catch {
    // not JSON: refused below
  }
  if (key === null) throw badRequest('Le curseur de pagination est invalide.', field);
  return key;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
