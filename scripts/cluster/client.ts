// What the cluster tests send: a visitor with their cookies who may talk to any instance or to
// the load balancer, and a reader of server-sent events as a browser's EventSource reads them.

/** A browser's cookie jar and origin, for requests to any address of the same site. */
export class Visitor {
  private readonly cookies = new Map<string, string>();

  /** `origin` is the site's public address: state-changing calls must come from it. */
  constructor(private readonly origin: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async send(
    baseUrl: string,
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { origin: this.origin, ...init.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(baseUrl + path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(15_000),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const split = pair.indexOf('=');
      if (split > 0) this.cookies.set(pair.slice(0, split), pair.slice(split + 1));
    }
    return response;
  }

  async json<T>(baseUrl: string, path: string, init?: Parameters<Visitor['send']>[2]): Promise<T> {
    const response = await this.send(baseUrl, path, init);
    if (!response.ok) {
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    }
    return (await response.json()) as T;
  }
}

export interface ServerEvent {
  event: string;
  data: string;
}

/** An open `text/event-stream`, whose events are read as they arrive. */
export interface EventStream {
  /** Resolves with the first event (already received or to come) that `matches`. */
  waitFor(matches: (event: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  close(): void;
}

export async function openEventStream(url: string, cookie: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  const received: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const event = field('event');
          if (event) received.push({ event, data: field('data') ?? '' });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // closed
    }
  })();
  return {
    waitFor(matches, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(matches);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(received)}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
