const SEGMENT = /^[\w][\w.-]*$/;

/**
 * Keys are relative, slash-separated paths of plain segments (letters, digits, `_`, `-`, `.`, not
 * starting with a dot): no `..`, no absolute path, no backslash, so that no key can leave the
 * local folder or address another prefix in a bucket.
 */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  const safe =
    key.length > 0 && key.length <= 512 && segments.every((segment) => SEGMENT.test(segment));
  if (!safe) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}
