/**
 * The page to come back to after signing in (checkout remembers its path). Kept in
 * session storage; only same-site paths are accepted, so it cannot redirect elsewhere.
 */
const KEY = 'authReturnPath';

export function rememberReturnPath(path: string): void {
  sessionStorage.setItem(KEY, path);
}

export function takeReturnPath(fallback = '/profil'): string {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : fallback;
}
