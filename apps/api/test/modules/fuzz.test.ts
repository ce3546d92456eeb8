import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser } from '../helpers/auth';
import {
  HOSTILE_SEGMENTS,
  HOSTILE_VALUES,
  plausibleObject,
  plausibleValue,
  type JsonSchema,
} from '../helpers/fuzz-values';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Every route of the OpenAPI document, called with malformed types, huge strings, control
 * characters, invalid identifiers and dates, and wrong content types, by a visitor, a customer
 * and an administrator (so that requests get past the session checks): none may answer 5xx.
 */
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

interface Route {
  method: string;
  path: string;
  operation: Operation;
}

let ctx: TestContext;
let routes: Route[];
let identities: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const document = (await ctx.app.inject('/api/docs/json')).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      // Event streams stay open by design; their parameters are the session only.
      .filter(() => !path.endsWith('/events'))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
  const customer = await signUpUser(ctx, 'fuzz.client@example.fr');
  identities = {
    visitor: '',
    customer: customer.cookie,
    admin: await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!),
  };
}, 60_000);
afterAll(() => ctx.close());

function parameters(route: Route, location: string) {
  return (route.operation.parameters ?? []).filter((parameter) => parameter.in === location);
}

function urlOf(route: Route, pathValue?: string, query: Record<string, string> = {}): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (pathValue !== undefined) return pathValue;
    const schema = parameters(route, 'path').find((parameter) => parameter.name === name)?.schema;
    return name === 'slug' || name === 'vehicleId'
      ? 'porsche-panamera'
      : encodeURIComponent(String(plausibleValue(schema)));
  });
  const search = Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

function plausibleQuery(route: Route): Record<string, string> {
  return Object.fromEntries(
    parameters(route, 'query').map((parameter) => [
      parameter.name,
      encodeURIComponent(String(plausibleValue(parameter.schema))),
    ]),
  );
}

/** A JSON string twice the body limit, built once. */
const OVER_THE_BODY_LIMIT = `"${'x'.repeat(2 * 1024 * 1024)}"`;

/** The requests for one route: its path, its query and its body made hostile one at a time. */
function hostileRequests(route: Route): InjectOptions[] {
  const method = route.method as InjectOptions['method'];
  const json = (payload: unknown, url = urlOf(route)): InjectOptions => ({
    method,
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  const requests: InjectOptions[] = [
    { method, url: urlOf(route, undefined, plausibleQuery(route)) },
  ];
  if (parameters(route, 'path').length > 0) {
    for (const segment of HOSTILE_SEGMENTS) requests.push({ method, url: urlOf(route, segment) });
  }
  for (const parameter of parameters(route, 'query')) {
    for (const segment of HOSTILE_SEGMENTS) {
      const query = { ...plausibleQuery(route), [parameter.name]: segment };
      requests.push({ method, url: urlOf(route, undefined, query) });
    }
  }
  if (method === 'GET') return requests;

  const raw = (contentType: string, payload: string): InjectOptions => ({
    method,
    url: urlOf(route),
    headers: { 'content-type': contentType },
    payload,
  });
  requests.push(
    raw('application/json', '{"a":'),
    raw('application/json', ''),
    raw('application/json', 'null'),
    raw('application/json', '[]'),
    raw('application/json', OVER_THE_BODY_LIMIT),
    raw('text/plain', 'bonjour'),
    raw('application/x-www-form-urlencoded', 'a=b&c=%00'),
    raw('multipart/form-data; boundary=x', '--x\r\nbroken'),
    raw('application/xml', '<a/>'),
  );
  const schema = route.operation.requestBody?.content['application/json']?.schema;
  if (schema?.properties) {
    const base = plausibleObject(schema);
    requests.push(json(base));
    for (const name of Object.keys(schema.properties)) {
      for (const value of HOSTILE_VALUES) requests.push(json({ ...base, [name]: value }));
    }
  }
  return requests;
}

describe('every route of the OpenAPI document under hostile input', () => {
  it('reads the document', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  for (const identity of ['visitor', 'customer', 'admin']) {
    it(`answers no 5xx to a ${identity}`, async () => {
      const failures: string[] = [];
      for (const route of routes) {
        for (const request of hostileRequests(route)) {
          const headers = {
            ...(request.headers as Record<string, string>),
            origin: ctx.config.site.publicUrl,
            ...(identities[identity] ? { cookie: identities[identity] } : {}),
          };
          const answer = await ctx.app.inject({ ...request, headers });
          if (answer.statusCode >= 500) {
            const url = String(request.url).slice(0, 120);
            failures.push(
              `${route.method} ${url} ${String(request.payload ?? '').slice(0, 80)} → ${answer.statusCode} ${answer.body.slice(0, 200)}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
    }, 240_000);
  }
});
