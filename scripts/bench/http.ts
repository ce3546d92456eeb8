// Phase "http": latency of the built API's catalogue and availability reads at a paced
// 500 requests/s, next to a bare Fastify route measured in the same run (the load generator
// shares the 2 cores, so the figures are read against it). Its paced load
// generator (`measurePaced`) also serves the checkout phase's quote endpoint.
import autocannon, { type AutocannonClient, type Result } from 'autocannon';
import {
  cpuTimeMs,
  schedStat,
  startBareServer,
  startBuiltApp,
  waitUntilIdle,
  type Child,
} from '../lib/processes';
import { measureThroughput } from './throughput';
import {
  formatLoad,
  heading,
  ms,
  percentile,
  table,
  verdict,
  type BudgetResult,
} from '../lib/report';

export interface HttpOptions {
  /** Requests per second, spread evenly over `connections` keep-alive connections. */
  rate: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  budgetP99Ms: number;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  rate: 500,
  connections: 50,
  durationSeconds: 10,
  warmupSeconds: 2,
  budgetP99Ms: 25,
};

interface Target {
  name: string;
  server: Child;
  path: string;
  /** A new path for each request (the route's answers cannot come from its cache). */
  nextPath?: () => string;
  /** Held to the budget; otherwise a baseline or a figure for information. */
  budgeted: boolean;
  /** What the row is when it is not budgeted. */
  note?: string;
}

/** What every request of a load sends: a GET without a body unless told otherwise. */
export interface RequestShape {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A path (and query) of its own for each request, instead of the URL's. */
  nextPath?: () => string;
}

export interface LoadResult {
  achievedRate: number;
  latencies: number[];
  /** How late each request left compared with its slot in the schedule (load generator health). */
  sendLag: number[];
  errors: number;
  timeouts: number;
  non2xx: number;
  serverCpuPercent: number | undefined;
  /** Share of the run the server's main thread was runnable but waiting for a CPU. */
  serverWaitPercent: number | undefined;
}

/**
 * Sends `rate` requests per second for `durationSeconds`, each connection at evenly spaced
 * instants and the connections staggered, so requests arrive one by one rather than in bursts.
 *
 * autocannon's own `connectionRate` / `overallRate` let each connection send its quota
 * back-to-back at the start of every second (measured here: all 500 requests of a second left in
 * its first 100 ms, and a bare route showed p99 31 ms instead of ~2 ms). So the bench keeps
 * autocannon's connections, parser and counters but schedules each connection's next request
 * itself through `setupClient` (wrapping the client's internal `_doRequest`, autocannon 8).
 */
async function pacedLoad(
  url: string,
  options: HttpOptions,
  durationSeconds: number,
  serverPid?: number,
  request?: RequestShape,
): Promise<LoadResult> {
  const perConnection = options.rate / options.connections;
  const intervalMs = 1000 / perConnection;
  const t0 = performance.now() + 100;
  const windowEnd = t0 + durationSeconds * 1000;
  const latencies: number[] = [];
  const sendLag: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inWindow = 0;
  let clientIndex = 0;
  const sentAt = new WeakMap<AutocannonClient, number>();

  const setupClient = (client: AutocannonClient) => {
    if (typeof client._doRequest !== 'function') {
      throw new Error('autocannon internals changed: Client#_doRequest is missing');
    }
    const index = clientIndex++;
    let next = t0 + (index * intervalMs) / options.connections;
    const send = client._doRequest.bind(client);
    client._doRequest = (...args: unknown[]) => {
      const slot = next;
      next += intervalMs;
      const fire = () => {
        if (client.destroyed) return;
        const now = performance.now();
        sendLag.push(Math.max(0, now - slot));
        sentAt.set(client, slot);
        send(...args);
      };
      const wait = slot - performance.now();
      if (wait >= 1) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          fire();
        }, wait);
        timers.add(timer);
      } else {
        fire();
      }
    };
  };

  const { nextPath, ...shape } = request ?? {};
  const cpuBefore = cpuTimeMs(serverPid);
  const schedBefore = serverPid === undefined ? undefined : schedStat(serverPid);
  const started = performance.now();
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: durationSeconds + 0.1,
        pipelining: 1,
        timeout: 10,
        setupClient,
        ...shape,
        ...(nextPath && {
          requests: [
            {
              setupRequest: (sent: Record<string, unknown>) => ({ ...sent, path: nextPath() }),
            },
          ],
        }),
      },
      (error, value) => (error ? reject(error) : resolve(value)),
    );
    instance.on(
      'response',
      (client: AutocannonClient, _status: number, _bytes: number, time: number) => {
        latencies.push(time);
        const slot = sentAt.get(client);
        if (slot !== undefined && slot >= t0 && slot < windowEnd) inWindow++;
      },
    );
  });
  const elapsedMs = performance.now() - started;
  for (const timer of timers) clearTimeout(timer);
  const cpuAfter = cpuTimeMs(serverPid);
  const schedAfter = serverPid === undefined ? undefined : schedStat(serverPid);
  return {
    achievedRate: inWindow / durationSeconds,
    latencies,
    sendLag,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    serverCpuPercent:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) / elapsedMs) * 100,
    serverWaitPercent:
      schedBefore && schedAfter
        ? ((schedAfter.waitNs - schedBefore.waitNs) / 1e6 / elapsedMs) * 100
        : undefined,
  };
}

/** The run was slowed by other processes on the shared cores (generator late, or server starved). */
function disturbed(load: LoadResult): boolean {
  return percentile(load.sendLag, 99) > 5 || (load.serverWaitPercent ?? 0) > 10;
}

function describeDisturbance(load: LoadResult): string {
  return `send lag p99 ${ms(percentile(load.sendLag, 99))}, server waited ${percent(load.serverWaitPercent, 1)}`;
}

function percent(value: number | undefined, digits = 0): string {
  return value === undefined ? '—' : `${value.toFixed(digits)} %`;
}

/**
 * Warm-up, then the measured run; a run other processes disturbed is measured once more (and only
 * once). Prints its progress on the current line.
 */
export async function measurePaced(
  url: string,
  options: HttpOptions,
  serverPid: number | undefined,
  request?: RequestShape,
): Promise<LoadResult> {
  await pacedLoad(url, options, options.warmupSeconds, undefined, request);
  let load = await pacedLoad(url, options, options.durationSeconds, serverPid, request);
  if (disturbed(load)) {
    process.stdout.write(
      `disturbed (${describeDisturbance(load)}, load ${formatLoad()}), measuring again … `,
    );
    load = await pacedLoad(url, options, options.durationSeconds, serverPid, request);
  }
  return load;
}

/** Requests per second achieved, p50, p99, max, errors + timeouts, non-2xx answers. */
export function latencyCells(load: LoadResult): string[] {
  return [
    load.achievedRate.toFixed(0),
    ms(percentile(load.latencies, 50)),
    ms(percentile(load.latencies, 99)),
    ms(percentile(load.latencies, 100)),
    String(load.errors + load.timeouts),
    String(load.non2xx),
  ];
}

/** How the machine treated the run: server CPU, time the server waited for a CPU, send lag. */
export function machineCells(load: LoadResult): string[] {
  return [
    percent(load.serverCpuPercent),
    percent(load.serverWaitPercent, 1),
    ms(percentile(load.sendLag, 99)),
  ];
}

/** The budget check of a paced run: p99 under budget, every answer 2xx, the asked rate held. */
export function pacedVerdict(
  load: LoadResult,
  options: HttpOptions,
): { p99: number; failures: number; rateOk: boolean; pass: boolean; disturbed: boolean } {
  const p99 = percentile(load.latencies, 99);
  const failures = load.errors + load.timeouts + load.non2xx;
  const rateOk = load.achievedRate >= options.rate * 0.97;
  return {
    p99,
    failures,
    rateOk,
    pass: p99 < options.budgetP99Ms && failures === 0 && rateOk,
    disturbed: disturbed(load),
  };
}

/** The columns `latencyCells` and `machineCells` fill, in that order. */
export const LOAD_HEADERS = {
  latency: ['req/s', 'p50', 'p99', 'max', 'errors', 'non-2xx'],
  machine: ['server CPU', 'server waited', 'send lag p99'],
} as const;

export const LOAD_LEGEND =
  'Latency: autocannon, from the write of a request to the end of its response (client side).' +
  '\n"server CPU": CPU time of the server process over the run (100 % = one core).' +
  '\n"server waited": share of the run its main thread was runnable but the cores were busy' +
  '\nwith other processes. "send lag": how late requests left compared with their slot (the' +
  '\nload generator shares the cores). A run with send lag p99 > 5 ms or server waiting > 10 %' +
  '\nis "disturbed" and measured once more.';

/** An instant `days` from now at `hour`:00 UTC. */
export function isoIn(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

/**
 * Paths of search requests that each ask a period never asked before in the run: starts 7 to
 * 306 days ahead at every hour of the day (7,200 of them), for 1 to 7 days.
 */
export function newPeriodEachTime(): () => string {
  let count = 0;
  return () => {
    count += 1;
    const start = new Date(isoIn(7 + (count % 300), 0));
    start.setUTCHours(Math.floor(count / 300) % 24);
    const end = new Date(start.getTime() + (1 + (count % 7)) * 86_400_000);
    const query = new URLSearchParams({ start: start.toISOString(), end: end.toISOString() });
    return `/api/v1/search?${query.toString()}`;
  };
}

export async function runHttpPhase(
  options: HttpOptions = DEFAULT_HTTP_OPTIONS,
): Promise<BudgetResult[]> {
  heading(
    `HTTP — paced ${options.rate} req/s (${options.connections} connections × ${
      options.rate / options.connections
    } req/s, evenly spaced), ${options.durationSeconds} s per route after ${options.warmupSeconds} s of warm-up`,
  );
  const children: Child[] = [];
  try {
    console.log(
      'Starting the built API (apps/api/dist/server.js, NODE_ENV=production, DATA_DIR=memory://) and the bare Fastify server…',
    );
    const [api, bare] = await Promise.all([startBuiltApp(), startBareServer()]);
    children.push(api, bare);
    // The API keeps working after it starts listening (it loads the offline gazetteer): wait.
    const settled = await waitUntilIdle(api.process.pid);
    console.log(`API idle ${(settled / 1000).toFixed(1)} s after answering /api/v1/health`);

    const start = isoIn(21, 9);
    const end = isoIn(24, 18);
    const period = `start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`;
    const targets: Target[] = [
      { name: 'bare Fastify route (baseline)', server: bare, path: '/bare', budgeted: false },
      {
        name: 'GET /api/v1/vehicles?category=Luxe',
        server: api,
        path: '/api/v1/vehicles?category=Luxe',
        budgeted: true,
      },
      {
        name: 'GET /api/v1/vehicles/porsche-panamera',
        server: api,
        path: '/api/v1/vehicles/porsche-panamera',
        budgeted: true,
      },
      {
        name: 'GET …/porsche-panamera/availability',
        server: api,
        path: `/api/v1/vehicles/porsche-panamera/availability?${period}`,
        budgeted: true,
      },
      {
        name: 'GET /api/v1/search?start&end',
        server: api,
        path: `/api/v1/search?${period}`,
        budgeted: true,
      },
      {
        // Every request asks a period no one asked before: the figure of the query itself,
        // without the instance's cache of availability answers (decision 020).
        name: 'GET /api/v1/search, a new period each',
        server: api,
        path: `/api/v1/search?${period}`,
        nextPath: newPeriodEachTime(),
        budgeted: false,
        note: '(information)',
      },
      {
        name: 'bare Fastify route (again, drift check)',
        server: bare,
        path: '/bare',
        budgeted: false,
      },
    ];
    console.log(`Period used: ${start} → ${end}`);

    // Each route must answer 200 with a body before it is loaded.
    for (const target of targets) {
      const response = await fetch(target.server.url + target.path);
      const body = await response.text();
      if (!response.ok) {
        throw new Error(`${target.path} answered ${response.status}: ${body.slice(0, 300)}`);
      }
      if (target.path.includes('/availability')) console.log(`  availability answer: ${body}`);
    }

    const rows: string[][] = [
      ['route', ...LOAD_HEADERS.latency, 'p99 ÷ bare', ...LOAD_HEADERS.machine, 'budget p99', ''],
    ];
    const budgets: BudgetResult[] = [];
    const ratioCells: { cell: string[]; p99: number }[] = [];
    const bareP99s: number[] = [];
    console.log(`Load average at start: ${formatLoad()}`);
    for (const target of targets) {
      const url = target.server.url + target.path;
      process.stdout.write(`  ${target.name} … `);
      const load = await measurePaced(
        url,
        options,
        target.server.process.pid,
        target.nextPath ? { method: 'GET', nextPath: target.nextPath } : undefined,
      );
      const { p99, failures, rateOk, pass, disturbed: shaken } = pacedVerdict(load, options);
      if (!target.budgeted && !target.note) bareP99s.push(p99);
      console.log(
        `${load.achievedRate.toFixed(0)} req/s, p99 ${ms(p99)}${shaken ? ' (disturbed)' : ''}`,
      );
      rows.push([
        target.name,
        ...latencyCells(load),
        '', // p99 ÷ bare, filled in once both bare runs are done
        ...machineCells(load),
        target.budgeted ? `< ${options.budgetP99Ms} ms` : (target.note ?? '(baseline)'),
        `${target.budgeted ? verdict(pass) : ''}${shaken ? ' (disturbed)' : ''}`.trim(),
      ]);
      ratioCells.push({ cell: rows[rows.length - 1]!, p99 });
      if (!rateOk) {
        console.log(
          `    achieved ${load.achievedRate.toFixed(0)} req/s, below the ${options.rate} asked`,
        );
      }
      if (target.budgeted) {
        budgets.push({
          phase: 'http',
          what: `${target.name} p99 at ${options.rate} req/s`,
          measured: `${ms(p99)} (${load.achievedRate.toFixed(0)} req/s, ${failures} failed)`,
          budget: `< ${options.budgetP99Ms} ms, no failures`,
          pass,
        });
      }
    }
    console.log(`Load average at end: ${formatLoad()}`);
    // The baseline is the better of the two bare runs: the floor the machine allowed in this run.
    const baseline = Math.min(...bareP99s);
    for (const { cell, p99 } of ratioCells) cell[7] = `${(p99 / baseline).toFixed(1)}×`;
    console.log(`\n${table(rows)}`);
    console.log(`\n${LOAD_LEGEND}`);
    budgets.push(...(await measureThroughput(api)));
    return budgets;
  } finally {
    await Promise.all(children.map((child) => child.stop()));
  }
}
