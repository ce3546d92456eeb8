import type { SqlParam } from './client';

/** What the server's thread asks the embedded database's thread; `id` pairs the answer. */
export type WorkerRequest = { id: number } & (
  | { op: 'query'; text: string; params: readonly SqlParam[] | undefined; tx: number | undefined }
  | { op: 'exec'; sql: string; tx: number | undefined }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'close' }
);

/** What the embedded database's thread sends back: an answer, a notification, or readiness. */
export type WorkerReply =
  | { id: number; value: unknown; error?: undefined }
  | { id: number; error: Record<string, unknown>; value?: undefined }
  | { notify: string; payload: string }
  | { ready: true };
