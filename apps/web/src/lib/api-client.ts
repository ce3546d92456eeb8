import type { ApiError } from '@vroum/core/api';
import { frenchSpacing } from '@vroum/core/french-typography';

/** A failed API call, carrying the server's French message (safe to show) and its code. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type QueryValue = string | number | boolean | null | undefined;

function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;
let transport: Fetch = (url, init) => fetch(url, init);

/**
 * Where API requests go: the browser's fetch, or, when the server renders a page, its own routes
 * (entry-server.tsx). Not for components: they always call `apiRequest`.
 */
export function setApiTransport(fetchApi: Fetch): void {
  transport = fetchApi;
}

/**
 * Calls the API under /api/v1 with the session cookie; parses JSON; turns a non-OK answer into
 * an ApiRequestError with the `{ error: { code, message } }` of the server.
 */
export async function apiRequest<T>(
  path: string,
  init: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    query?: Record<string, QueryValue>;
    body?: unknown;
    /** A file sent as it is (its own content type), instead of a JSON body. */
    blob?: Blob;
    /** A multipart form (files with their names), its content type set by the browser. */
    form?: FormData;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  const json = init.body !== undefined;
  const response = await transport(withQuery(`/api/v1${path}`, init.query), {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(init.blob ? { 'content-type': init.blob.type } : {}),
      ...init.headers,
    },
    body: json ? JSON.stringify(init.body) : (init.blob ?? init.form),
    signal: init.signal,
  });
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => null)) as T | ApiError | null;
  if (!response.ok) {
    const error = (payload as ApiError | null)?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'http_error',
      // Shown as it is: written with French spacing, so that no line of it starts with ':' or '?'.
      frenchSpacing(error?.message ?? 'Une erreur est survenue'),
      error?.field,
    );
  }
  return payload as T;
}

/** The French message to show for a failed call (the server's own message when it gave one). */
export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Une erreur est survenue';
