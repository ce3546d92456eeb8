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
    apply: 'build',
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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
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
    setupFiles: ['./src/test/setup.ts'],
  },
});
