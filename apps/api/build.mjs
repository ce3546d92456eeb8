// Bundles the API (and @vroum/core) into dist/server.js; npm packages stay external.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
