import type { FastifyBaseLogger } from 'fastify';

export interface Scheduler {
  /**
   * Runs the task now. Runs never overlap: a call during a run asks for one more run right after
   * it, and its promise ends with that one. A failure is logged, never thrown.
   */
  run(): Promise<void>;
  /** Stops the timer and waits for the run under way; nothing runs afterwards. */
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  everyMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The log message of a failed run. */
  failure: string;
  /**
   * Asked before each run when several instances share the work: false (another instance has
   * this round) skips the run. A failure to ask skips it too, and is logged.
   */
  claim?: () => Promise<boolean>;
}

/**
 * The one loop behind the background work (booking jobs, database maintenance, mail delivery):
 * the task every `everyMs` on a timer that does not keep the process alive, and on demand.
 */
export function startScheduler(task: () => Promise<void>, options: SchedulerOptions): Scheduler {
  const { claim } = options;
  const runOnce = claim
    ? async () => {
        if (await claim()) await task();
      }
    : task;
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;

  function run(): Promise<void> {
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce().catch((error: unknown) =>
          options.log.error({ err: error }, options.failure),
        );
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => void run(), options.everyMs);
  timer.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
