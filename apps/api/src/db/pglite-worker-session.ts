import { Worker } from 'node:worker_threads';
import type { PgliteSession } from './pglite-session';
import type { WorkerReply, WorkerRequest } from './pglite-worker-protocol';

// Request shapes without the id this side adds.
type Ask = WorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/**
 * PGlite in a worker thread of its own (pglite-worker.ts), behind the same session as in this
 * thread. The database's work (a search over a million bookings costs about a millisecond)
 * then runs on another core while this thread goes on answering requests; a statement and its
 * rows cross the thread as structured clones.
 */
export async function openWorkerSession(dataDir: string): Promise<PgliteSession> {
  // The build puts pglite-worker.js beside server.js; from the sources (tests, `npm run dev`)
  // the worker is TypeScript, imported once tsx's loader is registered in its thread.
  const fromSources = import.meta.url.endsWith('.ts');
  const worker = fromSources
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href)}); })`,
        { eval: true, workerData: { dataDir } },
      )
    : new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (e: Error) => void }
  >();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let failure: Error | undefined;

  const fail = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  };
  await new Promise<void>((ready, reject) => {
    worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) return ready();
      if ('notify' in reply) {
        for (const listener of listeners.get(reply.notify) ?? []) listener(reply.payload);
        return;
      }
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (!waiting) return;
      if (reply.error) {
        waiting.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
      } else {
        waiting.resolve(reply.value);
      }
    });
    worker.once('error', (error) => {
      fail(error);
      reject(error);
    });
    worker.once('exit', (code) => fail(new Error(`The database thread stopped (exit ${code})`)));
  });

  const ask = <T>(request: Ask): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };

  return {
    query: (text, params, tx) => ask({ op: 'query', text, params, tx }),
    exec: (sql, tx) => ask({ op: 'exec', sql, tx }),
    begin: () => ask({ op: 'begin' }),
    end: (tx, commit) => ask({ op: 'end', tx, commit }),
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await ask({ op: 'listen', channel });
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      if (!failure) await ask({ op: 'close' });
      await worker.terminate();
    },
  };
}
