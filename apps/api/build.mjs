// Bundles the API (and @vroum/core) into dist/server.js, the embedded database's worker into
// dist/pglite-worker.js and the PDF renderers' into dist/pdf-worker.js; npm packages stay external.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });
await build({
  // The worker threads are loaded by their file names beside server.js.
  entryPoints: {
    server: 'src/server.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
    'pdf-worker': 'src/pdf-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // npm packages stay in node_modules; workspace packages (TypeScript sources) are bundled.
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@vroum/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: { js: '// Built by apps/api/build.mjs: do not edit.' },
  logLevel: 'info',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
