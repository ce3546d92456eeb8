import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from './auth';
import { authErrorBody } from './auth-errors';

/**
 * Mounts better-auth under /api/auth/*. Fastify's body parsers are replaced in this scope by a
 * raw-buffer parser so that JSON and form posts (Apple's callback) reach the library untouched,
 * and every Set-Cookie header of its answer is forwarded. Its errors go out in the API's format,
 * in French.
 */
export function authRoutes(auth: Auth): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      async handler(request, reply) {
        const url = new URL(request.url, app.config.site.publicUrl);
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (value === undefined) continue;
          headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        // better-auth keys its rate limits on this header: give it the client address Fastify
        // resolved (TRUST_PROXY decides whether X-Forwarded-For is believed), never the
        // caller's own claim.
        headers.set('x-forwarded-for', request.ip);
        const requestBody =
          request.body instanceof Buffer && request.body.length > 0 ? request.body : undefined;
        const response = await auth.handler(
          new Request(url, { method: request.method, headers, body: requestBody }),
        );
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie') reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
        if (response.status < 400) return reply.send(body);
        reply.removeHeader('content-length');
        return reply
          .type('application/json; charset=utf-8')
          .send(authErrorBody(response.status, parseJson(body)));
      },
    });
  };
}

function parseJson(body: Buffer | null): unknown {
  if (!body) return null;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
