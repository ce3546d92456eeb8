/**
 * A value built the first time it is asked for. A page's first Intl formatter loads the locale's
 * data (~25 ms, four times that on a mid-range phone): built when its module loads, it lengthens
 * the one task that starts the app, even on a page that formats nothing.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
