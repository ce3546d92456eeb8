import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';

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

export default defineConfig(({ isSsrBuild }) => ({
  // The server's renderer needs no copy of public/: the browser's build serves it.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss(), precompress()],
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
      output: {
        // Automatic splitting made one chunk per icon: a page then fetched a dozen files of
        // ~1 KB after its route chunk, in waves of 6 over HTTP/1.1. The icons share one chunk.
        codeSplitting: {
          groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 20 }],
        },
      },
    },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts', '../../vitest.setup.ts'],
  },
}));
