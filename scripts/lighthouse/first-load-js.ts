// The home page's first-load JavaScript: the scripts Lighthouse saw, and the built SPA's static
// graph (entry chunk, its static imports, the home route chunk), gzip-compressed from dist.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Result } from 'lighthouse';

export interface ScriptRequest {
  url: string;
  file: string | undefined;
  startMs: number;
  gzipBytes: number | undefined;
}

function distFile(url: string, origin: string, dist: string): string | undefined {
  if (!url.startsWith(origin)) return undefined;
  const path = new URL(url).pathname;
  return path.startsWith('/assets/') && path.endsWith('.js') ? join(dist, path) : undefined;
}

async function gzipSize(file: string): Promise<number> {
  return gzipSync(await readFile(file)).length;
}

/** The JS files Lighthouse saw requested while loading a page, gzip-compressed from dist. */
export async function scriptsSeen(
  lhr: Result,
  origin: string,
  dist: string,
): Promise<ScriptRequest[]> {
  const details = lhr.audits['network-requests']?.details as
    { items?: { url: string; resourceType?: string; networkRequestTime?: number }[] } | undefined;
  const items = (details?.items ?? []).filter(
    (item) => item.resourceType === 'Script' || item.url.endsWith('.js'),
  );
  return Promise.all(
    items.map(async (item) => {
      const file = distFile(item.url, origin, dist);
      return {
        url: item.url,
        file,
        startMs: item.networkRequestTime ?? Number.NaN,
        gzipBytes: file ? await gzipSize(file) : undefined,
      };
    }),
  );
}

/** Entry chunk + its static imports + the home route chunk and its static imports, from dist. */
export async function homeStaticGraph(
  dist: string,
): Promise<{ files: string[]; gzipBytes: number }> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  const entry = roots[0];
  if (!entry) throw new Error('No module script in index.html of the built SPA');
  const entrySource = await readFile(join(dist, 'assets', entry), 'utf8');
  const home = entrySource.match(/["'`]\.\/(home-page-[\w-]+\.js)["'`]/)?.[1];
  if (!home) throw new Error(`No home-page chunk referenced by ${entry}`);
  const seen = new Set<string>();
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = await readFile(join(dist, 'assets', file), 'utf8');
    // Static imports only: `import … from"./x.js"` and `import"./x.js"` (not `import("./x.js")`).
    for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) {
      await visit(match[1]!);
    }
  };
  for (const file of [...roots, home]) await visit(file);
  let gzipBytes = 0;
  for (const file of seen) gzipBytes += await gzipSize(join(dist, 'assets', file));
  return { files: [...seen], gzipBytes };
}
