// `npm run bench`: the API's performance budgets (DESIGN §7), measured, with a non-zero exit code
// when one is missed.
//
//   npm run bench                          both phases (HTTP, then large data on PGlite)
//   npm run bench -- --only=http           only the HTTP phase (needs `npm run build`)
//   npm run bench -- --only=data           only the large-data phase
//   npm run bench -- --postgres            large data also on PostgreSQL (BENCH_DATABASE_URL, or
//                                          postgres://postgres@127.0.0.1:5432/test)
//   npm run bench -- --candidate-index     large data: also time the query with the proposed index
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runDataPhase } from './data';
import { runHttpPhase } from './http';
import { stopAll } from '../lib/processes';
import { heading, table, verdict, type BudgetResult } from '../lib/report';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    'candidate-index': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (values.help) {
  console.log('Usage: npm run bench -- [--only=http|data] [--postgres] [--candidate-index]');
  process.exit(0);
}
if (values.only !== undefined && values.only !== 'http' && values.only !== 'data') {
  console.error(`--only must be "http" or "data", not "${values.only}"`);
  process.exit(2);
}

const postgresUrl =
  process.env.BENCH_DATABASE_URL || (values.postgres ? DEFAULT_POSTGRES_URL : undefined);

console.log(
  `Vroum Prestige bench — ${new Date().toISOString()} — Node ${process.version}, ${
    cpus().length
  } cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);

const budgets: BudgetResult[] = [];
let failed = false;
try {
  if (values.only !== 'data') budgets.push(...(await runHttpPhase()));
  if (values.only !== 'http') {
    budgets.push(
      ...(await runDataPhase({ postgresUrl, candidateIndex: values['candidate-index'] })),
    );
  }
} catch (error) {
  failed = true;
  console.error('\nThe bench could not complete:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
} finally {
  await stopAll();
}

if (budgets.length > 0) {
  heading('Budgets');
  console.log(
    table([
      ['measure', 'measured', 'budget', ''],
      ...budgets.map((b) => [b.what, b.measured, b.budget, verdict(b.pass)]),
    ]),
  );
}
const missed = budgets.filter((b) => !b.pass).length;
if (failed) process.exit(2);
console.log(missed === 0 ? '\nEvery budget is met.' : `\n${missed} budget(s) missed.`);
process.exit(missed === 0 ? 0 : 1);
