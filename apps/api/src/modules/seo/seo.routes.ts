import type { FastifyPluginAsync } from 'fastify';
import { listVehicles } from '../vehicles/vehicles.service';

const STATIC_PAGES = [
  { path: '/', priority: '1.0' },
  { path: '/flotte?category=standard', priority: '0.8' },
  { path: '/flotte?category=premium', priority: '0.8' },
  { path: '/flotte?category=luxe', priority: '0.8' },
  { path: '/flotte?category=supercars', priority: '0.8' },
  { path: '/comment-ca-marche', priority: '0.6' },
  { path: '/conditions', priority: '0.3' },
  { path: '/politique-confidentialite', priority: '0.3' },
];

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const DISALLOWED = ['/admin', '/profil', '/checkout', '/confirmation', '/reservation/', '/api/'];

/**
 * robots.txt and sitemap.xml, on the configured public origin: the public pages and every vehicle
 * offered; private pages (account, checkout, bookings, admin) are kept out of the index.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const origin = app.config.site.publicUrl.replace(/\/$/, '');
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const origin = app.config.site.publicUrl.replace(/\/$/, '');
    const vehicles = await listVehicles(app.db, { availableOnly: true });
    const urls = [
      ...STATIC_PAGES.map((page) => ({ loc: `${origin}${page.path}`, priority: page.priority })),
      ...vehicles.map((vehicle) => ({
        loc: `${origin}/vehicule/${vehicle.slug}`,
        priority: '0.7',
      })),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map(
        (url) =>
          `  <url><loc>${escapeXml(url.loc)}</loc><priority>${url.priority}</priority></url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  });
};
