import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app';

// A stand-in for apps/web/dist-server/entry-server.js, written beside a built SPA: it renders
// from the API answers the server gives it in process, and behaves badly on some pages.
const RENDERER = `
let fetchApi;
globalThis.renderedPaths = [];
export function configureRenderer(options) {
  fetchApi = options.fetchApi;
  globalThis.rendererSite = options.site;
}
export async function renderPage(path) {
  globalThis.renderedPaths.push(path);
  if (path.startsWith('/conditions')) throw new Error('render failed');
  if (path.startsWith('/gerer-reservation')) return new Promise(() => {});
  if (path.startsWith('/comment-ca-marche')) return null;
  if (path === '/') return { html: '<form data-island="booking"></form>', stateElement: '' };
  if (path.startsWith('/recherche')) {
    const refused = await fetchApi('/api/v1/bookings', { method: 'POST' }).then(
      () => 'sent',
      (error) => error.message,
    );
    return { html: '<p>' + refused + '</p>', stateElement: '' };
  }
  const slug = path.split('/')[2];
  const response = await fetchApi('/api/v1/vehicles/' + slug, { method: 'GET' });
  if (!response.ok) return null;
  const vehicle = await response.json();
  return {
    html: '<h1>' + vehicle.name + '</h1>',
    stateElement: '<script type="application/json" id="page-state">{"queries":[]}</script>',
  };
}
`;

// A stand-in for apps/web/public/boot.js, with whole-line comments as the real one has.
const BOOT_SOURCE = `// Starts the page.
(function () {
  // Reads its element.
  var boot = document.querySelector('script[data-entry]'); // its attributes
})();
`;
const BOOT_INLINE = `(function () {
  var boot = document.querySelector('script[data-entry]'); // its attributes
})();`;

declare global {
  var renderedPaths: string[];
  var rendererSite: { phone: string };
}

let ctx: TestContext;
beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'vroum-web-'));
  const dist = join(root, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head><!--site-info-->' +
      '<script type="module" crossorigin src="/assets/app-abc123.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/shared-111.js">' +
      '</head><body><div id="root"></div></body></html>',
  );
  // The build's manifest: the app's entry, and the entry of the pages hydrated as islands.
  await mkdir(join(dist, '.vite'));
  await writeFile(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app-abc123.js', isEntry: true, imports: ['_shared.js'] },
      'src/islands.tsx': { file: 'assets/islands-444.js', isEntry: true, imports: ['_shell.js'] },
      '_shell.js': { file: 'assets/shell-555.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-111.js' },
    }),
  );
  await writeFile(join(dist, 'boot.js'), BOOT_SOURCE);
  await mkdir(join(root, 'dist-server'));
  await writeFile(join(root, 'dist-server', 'entry-server.js'), RENDERER);
  ctx = await createTestApp({ WEB_DIST_DIR: dist, SITE_PHONE: '01 23 45 67 89' });
});
afterAll(() => ctx.close());

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('landing pages rendered on the server', () => {
  it('sends a vehicle page rendered, with its data, its scripts after its content', async () => {
    const response = await ctx.app.inject('/vehicule/porsche-panamera');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<div id="root"><h1>Porsche Panamera</h1></div>' +
        '<script type="application/json" id="page-state">{"queries":[]}</script>',
    );
    // Its scripts are asked for once it is painted, by the boot script written into the page
    // (no request of its own before the paint), which the content policy allows by its hash.
    expect(head(response.body)).toContain(
      '<script type="module" data-entry="/assets/app-abc123.js"' +
        ' data-modules="/assets/shared-111.js">' +
        `${BOOT_INLINE}</script>`,
    );
    const bootHash = createHash('sha256').update(BOOT_INLINE).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`'sha256-${bootHash}'`);
    expect(head(response.body)).not.toContain('<script type="module" crossorigin src=');
    expect(head(response.body)).not.toContain('rel="modulepreload"');
    // The data is in the page: only the image is fetched ahead.
    expect(head(response.body)).not.toContain('as="fetch"');
    expect(head(response.body)).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/images/vehicles/porsche-panamera.svg">',
    );
    expect(globalThis.rendererSite.phone).toBe('01 23 45 67 89');
  });

  it('sends the home page with the entry that hydrates only its islands', async () => {
    const response = await ctx.app.inject('/');
    expect(response.body).toContain('<div id="root"><form data-island="booking"></form></div>');
    expect(head(response.body)).toContain(
      '<script type="module" data-entry="/assets/islands-444.js"' +
        ` data-modules="/assets/shell-555.js /assets/shared-111.js">${BOOT_INLINE}</script>`,
    );
    expect(response.body).not.toContain('app-abc123.js');
  });

  it('leaves the page to the browser when the render gives up, fails or is too slow', async () => {
    for (const path of [
      '/vehicule/pas-une-voiture',
      '/comment-ca-marche',
      '/conditions',
      '/gerer-reservation',
    ]) {
      const started = performance.now();
      const response = await ctx.app.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain('<div id="root"></div>');
      expect(response.body, path).toContain(
        '<script type="module" crossorigin src="/assets/app-abc123.js"></script>',
      );
      expect(response.body, path).not.toContain('data-entry');
      expect(performance.now() - started, path).toBeLessThan(2000);
    }
  });

  it('renders only landing pages, and lets the renderer read the API, never write', async () => {
    globalThis.renderedPaths = [];
    await ctx.app.inject('/profil');
    await ctx.app.inject('/admin');
    await ctx.app.inject('/page-inconnue');
    expect(globalThis.renderedPaths).toEqual([]);

    const search = await ctx.app.inject('/recherche?address=Paris');
    expect(globalThis.renderedPaths).toEqual(['/recherche?address=Paris']);
    expect(search.body).toContain('<p>Not a read: POST /api/v1/bookings</p>');
  });
});
