// Phase "http", second part: how many requests per second the catalogue reads serve at full speed
// (50 connections, as fast as the machine allows) next to bare Fastify routes sending the very
// same JSON from memory, in the same run: one serialising the object on each request, one sending
// it serialised once (as the app's cache does). The ratio to the second is the share of the
// framework's own speed the request path keeps: what every hook and header costs beyond it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { startBareServer, temporaryDir, type Child } from '../lib/processes';
import { table, verdict, type BudgetResult } from '../lib/report';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 1;
const SECONDS = 5;
/** The request path must keep at least this share of the pre-serialised bare route's speed. */
const BUDGET_RATIO = 0.6;

const READS = [
  { name: 'luxe', path: '/api/v1/vehicles?category=Luxe' },
  { name: 'panamera', path: '/api/v1/vehicles/porsche-panamera' },
] as const;

async function fullSpeed(url: string, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: seconds, pipelining: 1 },
      (error, value) => (error ? reject(error) : resolve(value)),
    );
  });
}

async function requestsPerSecond(url: string): Promise<{ rate: number; failed: number }> {
  await fullSpeed(url, WARMUP_SECONDS);
  const result = await fullSpeed(url, SECONDS);
  return {
    rate: result.requests.total / SECONDS,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

/** Measures each catalogue read of `api` against the bare route sending its answer. */
export async function measureThroughput(api: Child): Promise<BudgetResult[]> {
  const answers: Record<string, unknown> = {};
  for (const read of READS) {
    const response = await fetch(api.url + read.path);
    if (!response.ok) throw new Error(`${read.path} answered ${response.status}`);
    answers[read.name] = await response.json();
  }
  const file = join(temporaryDir('vroum-bench-answers-'), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const bare = await startBareServer({ BARE_ANSWERS_FILE: file });
  const rows: string[][] = [
    [
      'route',
      'req/s',
      'bare, serialised per request',
      'ratio',
      'bare, bytes',
      'ratio',
      'budget',
      '',
    ],
  ];
  const budgets: BudgetResult[] = [];
  try {
    console.log(
      `\nFull speed: ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up`,
    );
    for (const read of READS) {
      process.stdout.write(`  GET ${read.path} and its bare copies … `);
      const same = await requestsPerSecond(`${bare.url}/same/${read.name}`);
      const bytes = await requestsPerSecond(`${bare.url}/bytes/${read.name}`);
      const real = await requestsPerSecond(api.url + read.path);
      const ratio = real.rate / bytes.rate;
      const pass = ratio >= BUDGET_RATIO && real.failed === 0;
      console.log(
        `${real.rate.toFixed(0)} vs ${same.rate.toFixed(0)} and ${bytes.rate.toFixed(0)} req/s`,
      );
      rows.push([
        `GET ${read.path}`,
        real.rate.toFixed(0),
        same.rate.toFixed(0),
        (real.rate / same.rate).toFixed(2),
        bytes.rate.toFixed(0),
        ratio.toFixed(2),
        `≥ ${BUDGET_RATIO}`,
        verdict(pass),
      ]);
      budgets.push({
        phase: 'http',
        what: `GET ${read.path} at full speed ÷ bare route sending the same bytes`,
        measured: `${ratio.toFixed(2)} (${real.rate.toFixed(0)} ÷ ${bytes.rate.toFixed(0)} req/s, ${real.failed} failed)`,
        budget: `≥ ${BUDGET_RATIO}, no failures`,
        pass,
      });
    }
    console.log(`\n${table(rows)}`);
    return budgets;
  } finally {
    await bare.stop();
  }
}
