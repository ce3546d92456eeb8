import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import { iconImports } from './build/icon-imports.ts';

/**
 * Writes a brotli and a gzip copy of every text asset of the build, so the server sends them
 * compressed without spending CPU on each request (@fastify/static's preCompressed).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    // The browser's build only: the server's renderer (dist-server/) is never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async closeBundle() {
      const dist = join(import.meta.dirname, 'dist');
      const files = await readdir(dist, { recursive: true });
      for (const file of files) {
        if (!/\.(js|css|svg|html|json|txt)$/.test(file)) continue;
        const path = join(dist, file);
        const content = await readFile(path);
        if (content.length < 1024) continue;
        await writeFile(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const ISLANDS_ENTRY = join(import.meta.dirname, 'src/islands.tsx');
const REACT_DOM_CLIENT = /node_modules[\\/](react-dom|scheduler)[\\/]/;
const QUERY_CACHE =
  /node_modules[\\/]@tanstack[\\/]|src[\\/]lib[\\/](query-client|live-events|notifications|favorites)\.tsx?$/;
const reachedFromIslands = new Map<string, boolean>();

/** Whether the islands' entry imports this module, directly or through others, statically. */
function importedByIslands(
  id: string,
  ctx: { getModuleInfo(id: string): { importers: readonly string[] } | null },
  path = new Set<string>(),
): boolean {
  if (id === ISLANDS_ENTRY) return false;
  const known = reachedFromIslands.get(id);
  if (known !== undefined) return known;
  path.add(id);
  const importers = ctx.getModuleInfo(id)?.importers ?? [];
  const reached = importers.some(
    (importer) =>
      importer === ISLANDS_ENTRY || (!path.has(importer) && importedByIslands(importer, ctx, path)),
  );
  path.delete(id);
  if (path.size === 0 || reached) reachedFromIslands.set(id, reached);
  return reached;
}

/**
 * React Router's package resolves to its development build for every bundler (no export condition
 * selects the production one): the built site takes its production build, without the checks and
 * warnings meant for a developer. The dev server and the tests keep them.
 */
const REACT_ROUTER_PRODUCTION = {
  find: /^react-router$/,
  replacement: join(
    import.meta.dirname,
    '../../node_modules/react-router/dist/production/index.mjs',
  ),
};

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server's renderer needs no copy of public/: the browser's build serves it.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [iconImports(), react(), tailwindcss(), precompress()],
  resolve: { alias: command === 'build' ? [REACT_ROUTER_PRODUCTION] : [] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The server's renderer (src/entry-server.tsx) is one self-contained bundle (npm packages
  // included): it runs from wherever the built site is copied.
  ssr: { noExternal: true },
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    // Read by the server to preload the chunks of the page asked for (apps/api/src/plugins/spa.ts).
    manifest: true,
    rolldownOptions: {
      // The whole app (index.html → src/main.tsx), and the entry of pages that hydrate only their
      // islands (src/islands.tsx), which the server names in the page (apps/api/src/plugins/spa.ts).
      input: isSsrBuild
        ? undefined
        : {
            index: join(import.meta.dirname, 'index.html'),
            islands: join(import.meta.dirname, 'src/islands.tsx'),
          },
      output: {
        // Automatic splitting made one chunk per icon: a page then fetched a dozen files of
        // ~1 KB after its route chunk, in waves of 6 over HTTP/1.1. The icons share one chunk.
        codeSplitting: {
          groups: [
            // What the islands' entry needs, in one chunk the whole app shares: a page of islands
            // loads two files, and a later page of the app finds most of its shell already cached.
            {
              // React's renderer too, which both entries import once started (app/react-dom-client.ts).
              name: (id, ctx) =>
                importedByIslands(id, ctx) || REACT_DOM_CLIENT.test(id) ? 'shell' : null,
              debugName: 'shell',
              priority: 30,
            },
            // The app's query cache and the shell's modules that use it, which the islands leave
            // out (lib/reads.ts): one chunk the app's entry imports, and a page of islands loads
            // only for a signed-in visitor's bell and live updates. Split automatically, they made
            // four files more for every page of the app.
            { name: 'query', test: QUERY_CACHE, priority: 25 },
            // Automatic splitting made one chunk per icon: a page then fetched a dozen files of
            // ~1 KB after its route chunk, in waves of 6 over HTTP/1.1. The icons share one chunk.
            { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 20 },
          ],
        },
      },
    },
  },
  // The web tests' projects (`web`, `web-isolated`) are named in vitest.config.ts.
  test: {
    environment: 'jsdom',
    unstubGlobals: true,
    setupFiles: ['./src/test/setup.ts', '../../vitest.setup.ts'],
  },
}));
