import { Worker } from 'node:worker_threads';
import { AppError } from './app-error';

// The PDFs (contracts, seals, inspection reports, invoices) are rendered by pdf-lib, a few
// hundred milliseconds of pure JavaScript each: on the requests' thread, eight contracts at once
// held every other request for seconds. They are rendered by a few worker threads instead
// (src/pdf-worker.ts, decision 053); what crosses is plain data (structured clones).

/** The renderings the worker knows (src/pdf-worker.ts maps each to its function). */
export type PdfTask = 'contract' | 'contract-seal' | 'inspection-report' | 'invoice';

export interface PdfPoolSettings {
  /** Threads rendering at once (config PDF_WORKERS). */
  workers: number;
  /** A rendering not answered by then is refused and its thread replaced (PDF_RENDER_TIMEOUT_MS). */
  timeoutMs: number;
}

/** The PDF could not be made (its thread crashed, took too long, or the server is stopping). */
export class PdfUnavailable extends AppError {
  constructor(reason: string) {
    super(
      'pdf_unavailable',
      'Le document n’a pas pu être préparé : réessayez dans un instant.',
      503,
    );
    this.cause = reason;
  }
}

/** What the worker answers: the value, or the error as plain data; the widths it measured. */
export type PdfReply = { id: number; widths: [string, number][] } & (
  | { value: unknown }
  | { error: { name: string; message: string; code?: string; statusCode?: number; field?: string } }
);

/** What a new thread starts with: every line width the others measured (lib/pdf-writer.ts). */
export interface PdfWorkerData {
  widths: [string, number][];
}

interface Job {
  id: number;
  task: PdfTask;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Rendered ahead of need (a contract before its signature): no one waits for it. */
  background?: boolean;
}

interface Slot {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

/**
 * The build puts pdf-worker.js beside server.js; from the sources (tests, `npm run dev`) the
 * worker is TypeScript, imported once tsx's loader is registered in its thread.
 */
function spawnWorker(workerData: PdfWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pdf-worker.js', import.meta.url), { workerData });
  const entry = JSON.stringify(new URL('../pdf-worker.ts', import.meta.url).href);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); })`,
    { eval: true, workerData },
  );
}

/** An error of the rendering itself: a French AppError stays one (an unreadable signature). */
function rebuilt(error: Extract<PdfReply, { error: unknown }>['error']): Error {
  if (error.name === 'AppError' && error.code && error.statusCode) {
    return new AppError(error.code, error.message, error.statusCode, error.field);
  }
  return Object.assign(new Error(error.message), { name: error.name });
}

/**
 * Up to `workers` threads, started when first needed, one rendering each at a time; the others
 * wait in order. A background rendering waits until no one else does, and only one runs at a
 * time, so the other threads stay free for what a person waits for. An idle thread does not keep
 * the process alive (a script rendering once ends).
 */
export class PdfPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private readonly later: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** The line widths the threads measured, given to each new one (bounded as in pdf-writer). */
  private readonly widths = new Map<string, number>();

  constructor(
    private readonly settings: PdfPoolSettings,
    private readonly spawn: (data: PdfWorkerData) => Worker = spawnWorker,
  ) {}

  run(task: PdfTask, args: unknown[], background = false): Promise<unknown> {
    if (this.closed) return Promise.reject(new PdfUnavailable('the PDF threads are closed'));
    return new Promise((resolve, reject) => {
      const job = { id: this.nextId++, task, args, resolve, reject, background };
      (background ? this.later : this.queue).push(job);
      this.dispatch();
    });
  }

  /** Refuses what waits, ends the threads (what they were rendering is refused too). */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of [...this.queue.splice(0), ...this.later.splice(0)])
      job.reject(new PdfUnavailable('server stopping'));
    const slots = [...this.slots];
    for (const slot of slots) this.retire(slot, new PdfUnavailable('server stopping'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    for (;;) {
      const running = [...this.slots].some((candidate) => candidate.job?.background);
      const queue = this.queue.length > 0 ? this.queue : running ? [] : this.later;
      if (queue.length === 0) return;
      let slot = [...this.slots].find((candidate) => !candidate.job);
      if (!slot && this.slots.size < this.settings.workers) slot = this.start();
      if (!slot) return;
      this.assign(slot, queue.shift()!);
    }
  }

  private start(): Slot {
    const slot: Slot = { worker: this.spawn({ widths: [...this.widths] }) };
    this.slots.add(slot);
    slot.worker.on('message', (reply: PdfReply) => {
      const job = slot.job;
      if (this.widths.size + reply.widths.length > 50_000) this.widths.clear();
      for (const [key, width] of reply.widths) this.widths.set(key, width);
      if (!job || job.id !== reply.id) return;
      clearTimeout(slot.timer);
      slot.job = undefined;
      slot.worker.unref();
      if ('error' in reply) job.reject(rebuilt(reply.error));
      else job.resolve(reply.value);
      this.dispatch();
    });
    // A crash (an uncaught error, out of memory) ends the thread: its rendering is refused, the
    // next one starts a new thread.
    slot.worker.on('error', (error) => this.retire(slot, new PdfUnavailable(error.message)));
    slot.worker.on('exit', (code) => this.retire(slot, new PdfUnavailable(`exit ${code}`)));
    return slot;
  }

  private assign(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      this.retire(slot, new PdfUnavailable(`no answer within ${this.settings.timeoutMs} ms`));
      void slot.worker.terminate();
    }, this.settings.timeoutMs);
    slot.worker.postMessage({ id: job.id, task: job.task, args: job.args });
  }

  /** The thread is done for: its rendering is refused and what waits goes to another thread. */
  private retire(slot: Slot, error: Error): void {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    slot.job?.reject(error);
    slot.job = undefined;
    slot.worker.unref();
    if (!this.closed) this.dispatch();
  }
}

// One pool per process, shared by the apps it runs (tests build many): opened by each app,
// ended when the last one closes. Rendering outside any app (a script) starts it with defaults.
const DEFAULTS: PdfPoolSettings = { workers: 2, timeoutMs: 30_000 };
let shared: PdfPool | undefined;
let holders = 0;

export function openPdfPool(settings: PdfPoolSettings): { close(): Promise<void> } {
  holders += 1;
  shared ??= new PdfPool(settings);
  let open = true;
  return {
    async close() {
      if (!open) return;
      open = false;
      holders -= 1;
      if (holders > 0 || !shared) return;
      const ending = shared;
      shared = undefined;
      await ending.close();
    },
  };
}

/** Runs `task` (the function `F` in the worker) on `args`, in a PDF thread. */
export function renderInPdfWorker<F extends (...args: never[]) => Promise<unknown>>(
  task: PdfTask,
  ...args: Parameters<F>
): Promise<Awaited<ReturnType<F>>> {
  shared ??= new PdfPool(DEFAULTS);
  return shared.run(task, args) as Promise<Awaited<ReturnType<F>>>;
}

/** As renderInPdfWorker, for a PDF made ahead of need: after what someone waits for. */
export function renderInPdfWorkerLater<F extends (...args: never[]) => Promise<unknown>>(
  task: PdfTask,
  ...args: Parameters<F>
): Promise<Awaited<ReturnType<F>>> {
  shared ??= new PdfPool(DEFAULTS);
  return shared.run(task, args, true) as Promise<Awaited<ReturnType<F>>>;
}
