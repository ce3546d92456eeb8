import { describe, expect, it } from 'vitest';
import { startScheduler } from '../../src/lib/scheduler';

const quiet = { error: () => {} };

/** A task whose runs end when the test says so. */
function gatedTask() {
  const gates: Array<() => void> = [];
  let active = 0;
  let overlapped = false;
  return {
    gates,
    get overlapped() {
      return overlapped;
    },
    task: () =>
      new Promise<void>((resolve) => {
        active += 1;
        if (active > 1) overlapped = true;
        gates.push(() => {
          active -= 1;
          resolve();
        });
      }),
  };
}

describe('startScheduler', () => {
  it('never overlaps runs: calls during a run ask for exactly one more, right after it', async () => {
    const gated = gatedTask();
    const scheduler = startScheduler(gated.task, { everyMs: 3_600_000, log: quiet, failure: 'x' });
    const first = scheduler.run();
    const second = scheduler.run();
    void scheduler.run();
    expect(gated.gates).toHaveLength(1);
    gated.gates[0]!();
    await expect.poll(() => gated.gates.length).toBe(2);
    gated.gates[1]!();
    await Promise.all([first, second]);
    expect(gated.gates).toHaveLength(2);
    expect(gated.overlapped).toBe(false);
    await scheduler.stop();
  });

  it('logs a failed run and keeps serving the next ones', async () => {
    const logged: unknown[] = [];
    let calls = 0;
    const scheduler = startScheduler(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
      },
      {
        everyMs: 3_600_000,
        log: { error: (entry: unknown) => logged.push(entry) },
        failure: 'job failed',
      },
    );
    await scheduler.run();
    await scheduler.run();
    expect(calls).toBe(2);
    expect(logged).toHaveLength(1);
    await scheduler.stop();
  });

  it('runs on its timer, and not at all once stopped', async () => {
    let calls = 0;
    const scheduler = startScheduler(
      async () => {
        calls += 1;
      },
      { everyMs: 10, log: quiet, failure: 'x' },
    );
    await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
    await scheduler.stop();
    const after = calls;
    await scheduler.run();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(after);
  });

  it('stop waits for the run under way', async () => {
    const gated = gatedTask();
    const scheduler = startScheduler(gated.task, { everyMs: 3_600_000, log: quiet, failure: 'x' });
    void scheduler.run();
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    gated.gates[0]!();
    await stopping;
    expect(stopped).toBe(true);
  });
});

describe('startScheduler with a claim', () => {
  it('skips the run when another instance has the round, and logs a failure to ask', async () => {
    let runs = 0;
    const errors: string[] = [];
    let answer: () => Promise<boolean> = () => Promise.resolve(false);
    const scheduler = startScheduler(
      async () => {
        runs += 1;
      },
      {
        everyMs: 3_600_000,
        log: { error: (_details: unknown, message?: string) => errors.push(message ?? '') },
        failure: 'jobs failed',
        claim: () => answer(),
      },
    );
    await scheduler.run();
    expect(runs).toBe(0);
    answer = () => Promise.resolve(true);
    await scheduler.run();
    expect(runs).toBe(1);
    answer = () => Promise.reject(new Error('database unreachable'));
    await scheduler.run();
    expect(runs).toBe(1);
    expect(errors).toEqual(['jobs failed']);
    await scheduler.stop();
  });
});
