/**
 * The pages of the site. The SPA routes these; the server uses the same list to answer
 * unknown paths with a 404 status while still serving the page that says so.
 */
export const PAGE_PATTERNS = [
  /^\/$/,
  /^\/flotte$/,
  /^\/recherche$/,
  /^\/vehicule\/[^/]+$/,
  /^\/vehicule\/[^/]+\/(protection|options)$/,
  /^\/checkout$/,
  /^\/confirmation$/,
  /^\/comment-ca-marche$/,
  /^\/auth$/,
  /^\/profil$/,
  /^\/gerer-reservation$/,
  /^\/reservation\/[^/]+$/,
  /^\/reservation\/[^/]+\/(identite|contrat|solde)$/,
  /^\/admin$/,
  /^\/admin\/tableau-de-bord$/,
  /^\/equipe$/,
  /^\/equipe\/mission\/[^/]+\/(delivery|return)$/,
  /^\/conditions$/,
  /^\/politique-confidentialite$/,
  /^\/paiement\/3ds\/[^/]+$/,
] as const;

export function isKnownPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_PATTERNS.some((pattern) => pattern.test(path));
}
