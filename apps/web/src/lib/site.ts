import { DEFAULT_SITE, type SiteInfo } from '@vroum/core/site-defaults';

/**
 * The company's public facts (brand, phone, messaging link…). The server embeds them in the page
 * from its configuration (already validated there); the Vite dev server does not, so the
 * defaults apply in development.
 */
function readSiteInfo(): SiteInfo {
  const element = typeof document === 'undefined' ? null : document.getElementById('site-info');
  if (!element?.textContent) return { ...DEFAULT_SITE };
  try {
    return { ...DEFAULT_SITE, ...(JSON.parse(element.textContent) as Partial<SiteInfo>) };
  } catch {
    return { ...DEFAULT_SITE };
  }
}

export const site: SiteInfo = readSiteInfo();

/**
 * Sets the public facts where the page cannot read them (the server renders pages before any
 * document exists): entry-server.tsx, once, with the server's configuration.
 */
export function setSiteInfo(info: Partial<SiteInfo>): void {
  Object.assign(site, info);
}
