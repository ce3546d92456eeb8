// The home page's first-load JavaScript: the scripts Lighthouse saw, and the built SPA's static
// graph (the islands' entry and its static imports), in the build's brotli copies (what the server
// sends a browser that accepts it, as every current one does) and gzip-compressed beside them.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Result } from 'lighthouse';

export interface ScriptRequest {
  url: string;
  file: string | undefined;
  startMs: number;
  gzipBytes: number | undefined;
  brotliBytes: number | undefined;
}

function distFile(url: string, origin: string, dist: string): string | undefined {
  if (!url.startsWith(origin)) return undefined;
  // Any script of the build the page loads: the assets, and `boot.js` at the site's root.
  const path = new URL(url).pathname;
  return path.endsWith('.js') ? join(dist, path) : undefined;
}

async function gzipSize(file: string): Promise<number> {
  return gzipSync(await readFile(file)).length;
}

/**
 * The size of the brotli copy the build wrote beside the file (vite.config.ts), or of the file
 * itself when it is too small to have one (it is then sent as it is).
 */
async function brotliSize(file: string): Promise<number> {
  return (await stat(`${file}.br`).catch(() => stat(file))).size;
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
      const path = distFile(item.url, origin, dist);
      const file = path && (await stat(path).catch(() => undefined)) ? path : undefined;
      return {
        url: item.url,
        file,
        startMs: item.networkRequestTime ?? Number.NaN,
        gzipBytes: file ? await gzipSize(file) : undefined,
        brotliBytes: file ? await brotliSize(file) : undefined,
      };
    }),
  );
}

/**
 * The scripts written into the page itself (the fonts' line, the boot script), compressed alone:
 * the page carries them compressed with the rest of its HTML, so this is at most what they add.
 */
export function inlineScripts(html: string): {
  count: number;
  gzipBytes: number;
  brotliBytes: number;
} {
  const sources = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g),
  ]
    .map((match) => match[1] ?? '')
    .filter((source) => source.trim() !== '');
  const text = sources.join('\n');
  return {
    count: sources.length,
    gzipBytes: text ? gzipSync(text).length : 0,
    brotliBytes: text ? brotliCompressSync(text).length : 0,
  };
}

/**
 * What the home page loads first, from the build's manifest: the islands' entry (the home page is
 * sent rendered and hydrates only its islands) and the chunks it imports statically.
 */
export async function homeStaticGraph(
  dist: string,
): Promise<{ files: string[]; gzipBytes: number; brotliBytes: number }> {
  const manifest = JSON.parse(
    await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string; imports?: string[] }>;
  if (!manifest['src/islands.tsx']) throw new Error('No islands entry in the built SPA');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit('src/islands.tsx');
  const files = [...seen].map((key) => manifest[key]!.file);
  let gzipBytes = 0;
  let brotliBytes = 0;
  for (const file of files) {
    gzipBytes += await gzipSize(join(dist, file));
    brotliBytes += await brotliSize(join(dist, file));
  }
  return { files: files.map((file) => file.replace(/^assets\//, '')), gzipBytes, brotliBytes };
}
