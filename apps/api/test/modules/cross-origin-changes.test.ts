import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../helpers/auth';
import { concrete, registeredRoutes, type Route } from '../helpers/routes';
import { createTestApp, type TestContext } from '../helpers/test-app';

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let ctx: TestContext;
let routes: Route[];
let cookie = '';

beforeAll(async () => {
  ctx = await createTestApp();
  routes = registeredRoutes(ctx.app).filter((route) => route.url.startsWith('/api/v1/'));
  cookie = (await signUpUser(ctx)).cookie;
});

afterAll(() => ctx.close());

const call = (route: Route, origin: string) =>
  ctx.app.inject({
    method: route.method,
    url: concrete(route.url),
    headers: {
      cookie,
      origin,
      ...(CHANGES.has(route.method) ? { 'content-type': 'application/json' } : {}),
    },
    ...(CHANGES.has(route.method) ? { payload: '{}' } : {}),
  });

describe('a change asked from another site', () => {
  it('is refused on every route that changes state, before the route reads anything', async () => {
    const changes = routes.filter((route) => CHANGES.has(route.method));
    expect(changes.length).toBeGreaterThan(50);
    for (const route of changes) {
      const response = await call(route, 'https://evil.example');
      expect(
        { route: `${route.method} ${route.url}`, status: response.statusCode },
        response.body,
      ).toEqual({ route: `${route.method} ${route.url}`, status: 403 });
      // The chat's errors are a bare message (its widget's format); every other route's name the code.
      expect(response.body, `${route.method} ${route.url}`).toContain(
        'Requête refusée : origine non autorisée.',
      );
    }
  });

  it('is never what a read answers, whatever its origin', async () => {
    const reads = routes.filter(
      (route) => route.method === 'GET' && !route.url.endsWith('/events'),
    );
    for (const route of reads) {
      const response = await call(route, 'https://evil.example');
      expect(response.body, `${route.method} ${route.url}`).not.toContain('forbidden_origin');
    }
  });
});
