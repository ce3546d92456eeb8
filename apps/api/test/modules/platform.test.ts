import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'vroum-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head><!--site-info--></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log("ok")');
  ctx = await createTestApp({ WEB_DIST_DIR: dist, SITE_PHONE: '01 23 45 67 89' });
});
afterAll(() => ctx.close());

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
