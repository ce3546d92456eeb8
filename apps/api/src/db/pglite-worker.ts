// The embedded database's own thread: it owns PGlite and runs what the server's thread asks
// (see pglite-worker-session.ts), so that a heavy query never stalls the requests being answered.
import { parentPort, workerData } from 'node:worker_threads';
import { openLocalSession } from './pglite-session';
import type { WorkerReply, WorkerRequest } from './pglite-worker-protocol';

const port = parentPort!;
const session = await openLocalSession((workerData as { dataDir: string }).dataDir);
const unlisten = new Map<string, () => Promise<void>>();

/** An error as plain data: PostgreSQL's fields (code, constraint, detail…) survive the thread. */
function plain(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  return { ...error, name: error.name, message: error.message };
}

async function answer(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return session.query(request.text, request.params, request.tx);
    case 'exec':
      return session.exec(request.sql, request.tx);
    case 'begin':
      return session.begin();
    case 'end':
      return session.end(request.tx, request.commit);
    case 'listen': {
      if (!unlisten.has(request.channel)) {
        const channel = request.channel;
        const stop = await session.listen(channel, (payload) =>
          port.postMessage({ notify: channel, payload } satisfies WorkerReply),
        );
        unlisten.set(channel, stop);
      }
      return undefined;
    }
    case 'close':
      for (const stop of unlisten.values()) await stop();
      await session.close();
      return undefined;
  }
}

port.on('message', (request: WorkerRequest) => {
  answer(request).then(
    (value) => port.postMessage({ id: request.id, value } satisfies WorkerReply),
    (error: unknown) =>
      port.postMessage({ id: request.id, error: plain(error) } satisfies WorkerReply),
  );
});
port.postMessage({ ready: true } satisfies WorkerReply);
