import { randomUUID } from 'node:crypto';
import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface Route {
  method: HTTPMethods;
  url: string;
}

/**
 * Every route the app registered, read from Fastify's own route tree (printRoutes, one line per
 * node, a route's methods in brackets): nothing to keep in step with the code by hand.
 */
export function registeredRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    parents.length = depth;
    const url = parents.join('') + node[2]!;
    parents.push(node[2]!);
    for (const method of node[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method: method, url });
    }
  }
  return routes;
}

/** The route's path with each parameter filled: an unknown id, or a valid mission kind. */
export const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => (name === 'kind' ? 'delivery' : randomUUID()));
