import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isKnownPage } from '@vroum/core/routes';
import type { Config } from '../config';

const SITE_INFO_PLACEHOLDER = '<!--site-info-->';

/**
 * In production the API also serves the built SPA: hashed assets with a long cache, and
 * index.html for every page path (history fallback), with the public site facts embedded as
 * JSON. Unknown paths still get the page (which shows the 404 view) but with a 404 status.
 */
export async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const apiNotFound = {
    error: { code: 'not_found', message: 'Ressource introuvable.' },
  };
  if (!config.webDistDir) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(apiNotFound));
    return;
  }

  const template = await readFile(join(config.webDistDir, 'index.html'), 'utf8');
  const siteJson = JSON.stringify(config.site).replaceAll('<', '\\u003c');
  const indexHtml = template.replace(
    SITE_INFO_PLACEHOLDER,
    `<script type="application/json" id="site-info">${siteJson}</script>`,
  );

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    // The build writes .br and .gz beside each asset; the best one the browser accepts is sent.
    preCompressed: true,
    wildcard: false,
    cacheControl: false,
    index: false,
    setHeaders(res, path) {
      res.setHeader('vary', 'Accept-Encoding');
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (!wantsPage) return reply.status(404).send(apiNotFound);
    return reply
      .status(isKnownPage(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
