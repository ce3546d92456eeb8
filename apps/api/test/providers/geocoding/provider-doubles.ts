import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

export interface FakeServer {
  /** 'http://127.0.0.1:PORT', without a trailing slash. */
  url: string;
  /** Every request received, as a URL relative to the server. */
  requests: URL[];
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse, url: URL) => void;

/** A real HTTP server on a free loopback port, standing in for a provider's API. */
export async function startFakeServer(handler: Handler): Promise<FakeServer> {
  const requests: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url);
    handler(request, response, url);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      // A test of timeouts leaves a response hanging: drop it rather than wait for it.
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export interface LogEntry {
  level: string;
  data: unknown;
  message: string | undefined;
}

/** A logger that keeps what it is given, to assert on warnings (and on what they leave out). */
export function createRecordingLog(): { log: FastifyBaseLogger; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const record = (level: string) => (data: unknown, message?: string) => {
    entries.push({ level, data, message });
  };
  const log = {
    level: 'trace',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    silent: () => undefined,
    child: () => log,
  };
  return { log: log, entries };
}
