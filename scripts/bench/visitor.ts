// A visitor of the site as the bench plays one: their own keep-alive connection and session
// cookie, like one browser, and the Origin header a browser sends on every state-changing request.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Child } from '../lib/processes';
import { DEMO_TOTP_SECRET } from '../../apps/api/src/db/seed-second-factor';
import { totpCode } from '../../e2e/support/totp';

export interface Visitor {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** The site's own origin: the server refuses state-changing requests from any other. */
  origin: string;
  agent: Agent;
  /** The session cookie once signed in ('' before). */
  cookie: string;
  /**
   * The client's own address, sent as X-Forwarded-For to a server that trusts the loopback proxy:
   * many customers then count against their own per-address limits, not all against 127.0.0.1.
   */
  address?: string;
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: IncomingHttpHeaders;
  /** From the call to the end of the response body (client side). */
  ms: number;
}

/** The error body of every API error (packages/core/src/api.ts). */
export interface ApiErrorBody {
  error?: { code?: string; message?: string; field?: string };
}

/**
 * A new visitor of `app`. The server trusts its PUBLIC_URL's origin, by default
 * http://localhost:<port>, which is not the 127.0.0.1 address the bench connects to.
 */
export function newVisitor(app: Child): Visitor {
  return {
    baseUrl: app.url,
    origin: `http://localhost:${new URL(app.url).port}`,
    agent: new Agent({ keepAlive: true, maxSockets: 1 }),
    cookie: '',
  };
}

/** Sends one request and reads the whole answer (JSON when it parses, else the text). */
export function send<T = unknown>(
  visitor: Visitor,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  {
    body,
    raw,
    headers = {},
  }: {
    body?: unknown;
    /** Bytes sent as they are (a photo, a multipart form), instead of a JSON body. */
    raw?: { bytes: Buffer; contentType: string };
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const payload = raw ? raw.bytes : body === undefined ? undefined : JSON.stringify(body);
  const allHeaders: Record<string, string> = { ...headers };
  if (visitor.cookie) allHeaders.cookie = visitor.cookie;
  if (visitor.address) allHeaders['x-forwarded-for'] = visitor.address;
  if (method !== 'GET') allHeaders.origin = visitor.origin;
  if (raw) allHeaders['content-type'] = raw.contentType;
  else if (payload !== undefined) allHeaders['content-type'] = 'application/json';
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${visitor.baseUrl}${path}`,
      { method, headers: allHeaders, agent: visitor.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as T, headers: res.headers, ms });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs in with e-mail and password (better-auth) and keeps the session cookie. */
export async function signIn(visitor: Visitor, email: string, password: string): Promise<void> {
  const answer = await send(visitor, 'POST', '/api/auth/sign-in/email', {
    body: { email, password },
  });
  if (answer.status !== 200) {
    throw new Error(
      `sign-in of ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  visitor.cookie = cookiesOf(answer.headers['set-cookie']);
  if (!(answer.body as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) return;
  // The demo team passes a second factor (decision 042): the demo authenticator's code.
  const verified = await send(visitor, 'POST', '/api/auth/two-factor/verify-totp', {
    body: { code: totpCode(DEMO_TOTP_SECRET) },
  });
  if (verified.status !== 200) {
    throw new Error(`second factor of ${email} answered ${verified.status}`);
  }
  visitor.cookie = cookiesOf(verified.headers['set-cookie']);
}

const cookiesOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** Opens the visitor's connection, so a later timed request does not pay for the TCP handshake. */
export async function connect(visitor: Visitor): Promise<void> {
  const answer = await send(visitor, 'GET', '/api/v1/health');
  if (answer.status !== 200) throw new Error(`health check answered ${answer.status}`);
}

export function closeVisitor(visitor: Visitor): void {
  visitor.agent.destroy();
}
