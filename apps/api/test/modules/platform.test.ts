import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_PAGE_MODULES, LANDING_PAGE_MODULES } from '../../src/plugins/spa';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'vroum-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><!--site-info-->' +
      '<script type="module" crossorigin src="/assets/app-abc123.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/app-def456.css">' +
      '</head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log("ok")');
  await writeFile(join(dist, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":[]}');
  await writeFile(join(dist, 'assets', 'app-def456.css'), 'body{color:#0c0c0d}');
  await mkdir(join(dist, '.vite'));
  // The build's manifest: the entry, a shared chunk, and the vehicle page's chunk.
  await writeFile(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app-abc123.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-111.js' },
      '_format.js': { file: 'assets/format-222.js', imports: ['_shared.js'] },
      'src/features/catalogue/vehicle-page.tsx': {
        file: 'assets/vehicle-page-333.js',
        isDynamicEntry: true,
        imports: ['_format.js', '_shared.js', 'index.html'],
      },
      'src/features/checkout/checkout-page.tsx': {
        file: 'assets/checkout-page-444.js',
        isDynamicEntry: true,
        imports: ['_format.js', '_shared.js', 'index.html'],
      },
    }),
  );
  ctx = await createTestApp({ WEB_DIST_DIR: dist, SITE_PHONE: '01 23 45 67 89' });
});
afterAll(() => ctx.close());

describe('source maps', () => {
  it('are not published with the built site', async () => {
    const map = await ctx.app.inject({ url: '/assets/app-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('"sources"');
    expect((await ctx.app.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200);
  });
});

describe('health', () => {
  it('reports the database in use', async () => {
    const response = await ctx.app.inject('/api/v1/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('cross-cutting HTTP behaviour', () => {
  it('gives every response a request id, echoing a well-formed incoming one', async () => {
    const fresh = await ctx.app.inject('/api/v1/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await ctx.app.inject({
      url: '/api/v1/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(echoed.headers['x-request-id']).toBe('trace-12345678');
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await ctx.app.inject('/');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("runs the head's one inline script, which knows whether the fonts are cached, by its hash", async () => {
    const response = await ctx.app.inject('/flotte');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    const inline = [...head.matchAll(/<script>([^<]*)<\/script>/g)].map(([, text]) => text!);
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain("classList.add('fonts-cached')");
    // Before the stylesheet, whose first style must already know it.
    expect(head.indexOf('<script>')).toBeLessThan(head.indexOf('<style>'));
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await ctx.app.inject('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'Ressource introuvable.' },
    });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/vehicles',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/[a-zé]/);
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const response = await ctx.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/vehicles', '/api/v1/vehicles/{slug}', '/api/v1/health']),
    );
  });

  it('serves the public site facts from configuration', async () => {
    const response = await ctx.app.inject('/api/v1/site');
    expect(response.json()).toMatchObject({ phone: '01 23 45 67 89' });
  });
});

describe('single-page app serving', () => {
  it('serves index.html for a page path, with the site facts embedded', async () => {
    const response = await ctx.app.inject('/flotte?category=luxe');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<script type="application/json" id="site-info">');
    expect(response.body).toContain('01 23 45 67 89');
  });

  it('serves the page with a 404 status for an unknown path', async () => {
    const response = await ctx.app.inject('/cette-page-n-existe-pas');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('inlines the stylesheet and sends the page compressed', async () => {
    const response = await ctx.app.inject({
      url: '/comment-ca-marche',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(html).toContain('<style>body{color:#0c0c0d}</style>');
    expect(html).not.toContain('app-def456.css');
  });

  it('announces what a vehicle page fetches first: its chunks, its data and its image', async () => {
    const response = await ctx.app.inject('/vehicule/porsche-panamera');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].map(
      ([tag]) => tag,
    );
    // First in the head, before the inlined stylesheet: the browser asks for them at once.
    expect(head.indexOf('rel="preload"')).toBeLessThan(head.indexOf('<style>'));
    expect(head.startsWith('<!doctype html><html><head><meta charset="UTF-8" />')).toBe(true);
    expect(preloads).toEqual([
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/v1/vehicles/porsche-panamera">',
      '<link rel="preload" as="image" fetchpriority="high" href="/images/vehicles/porsche-panamera.svg">',
      '<link rel="modulepreload" crossorigin href="/assets/vehicle-page-333.js">',
      '<link rel="modulepreload" crossorigin href="/assets/format-222.js">',
    ]);
    // An unknown car: the page (which says so) with its chunks, nothing fetched ahead.
    const unknown = await ctx.app.inject('/vehicule/pas-une-voiture');
    expect(unknown.body).toContain('vehicle-page-333.js');
    expect(unknown.body).not.toContain('rel="preload"');
  });

  it('announces what the search results fetch first: the search answer and the first cars’ pictures', async () => {
    const day = (days: number) => {
      const instant = new Date(Date.now() + days * 86_400_000);
      instant.setUTCHours(9, 0, 0, 0);
      return instant.toISOString();
    };
    // As the home page's booking module writes the dates (no milliseconds): the announced request
    // is the page's own, which writes them in full.
    const [start, end] = [day(30).replace('.000Z', 'Z'), day(33).replace('.000Z', 'Z')];
    const page = await ctx.app.inject(
      `/recherche?${new URLSearchParams({ address: '10 Rue de Rivoli, 75001 Paris', start, end })}`,
    );
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="preload"[^>]*>/g)].map(([tag]) => tag);
    const searchUrl = `/api/v1/search?${new URLSearchParams({ start: day(30), end: day(33) })}`;
    const { vehicles } = (await ctx.app.inject(searchUrl)).json<{
      vehicles: { imageUrl: string }[];
    }>();
    expect(preloads).toEqual([
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${searchUrl.replaceAll('&', '&#38;')}">`,
      ...vehicles
        .slice(0, 3)
        .map(
          (vehicle) =>
            `<link rel="preload" as="image" fetchpriority="high" href="${vehicle.imageUrl}">`,
        ),
    ]);
    // A period the search would refuse (it ends before it starts): nothing announced.
    const refused = await ctx.app.inject(
      `/recherche?${new URLSearchParams({ start: day(33), end: day(30) })}`,
    );
    expect(refused.body).not.toContain('rel="preload"');
  });

  it('announces what the checkout asks for first: its chunks, the session, the profile and the card form', async () => {
    const response = await ctx.app.inject('/checkout');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(
      [...head.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].map(([tag]) => tag),
    ).toEqual([
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/auth/get-session">',
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/v1/me/profile">',
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/v1/payments/config">',
      '<link rel="modulepreload" crossorigin href="/assets/checkout-page-444.js">',
      '<link rel="modulepreload" crossorigin href="/assets/format-222.js">',
    ]);
  });

  it('names in its preload table only page modules the router loads', async () => {
    const router = await readFile(
      new URL('../../../web/src/app/routes.tsx', import.meta.url),
      'utf8',
    );
    for (const [, source] of [...LANDING_PAGE_MODULES, ...BROWSER_PAGE_MODULES]) {
      const specifier = source.replace(/^src\//, '../').replace(/\.tsx$/, '');
      expect(router).toContain(`import('${specifier}')`);
    }
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await ctx.app.inject('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });
});

describe('search engines', () => {
  it('serves robots.txt with the sitemap on the public origin, keeping private pages out', async () => {
    const response = await ctx.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain(`Sitemap: ${ctx.config.site.publicUrl}/sitemap.xml`);
  });

  it('lists the public pages and every vehicle in sitemap.xml', async () => {
    const response = await ctx.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain('/comment-ca-marche</loc>');
    expect(response.body).toContain('/vehicule/ferrari-f8-spider</loc>');
    expect(response.body.match(/<url>/g)).toHaveLength(8 + 13);
  });
});
