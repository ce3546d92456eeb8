// `npm run bench`: the API's performance budgets (catalogue and availability reads
// p99 < 25 ms at 500 requests/s on 2 cores; issues #5 and #6), measured, with a
// non-zero exit code when one is missed.
//
//   npm run bench                          every phase: HTTP, admin list, checkout, concurrent
//                                          writes, large data
//   npm run bench -- --only=http           only the HTTP phase (needs `npm run build`)
//   npm run bench -- --only=mixed          never-asked searches and fleet reads at once (the build)
//   npm run bench -- --only=admin          only the admin bookings list (needs `npm run build`)
//   npm run bench -- --only=checkout       only the quote and concurrent checkout (needs the build)
//   npm run bench -- --only=data           only the large-data phase
//   npm run bench -- --only=geocoder       only the built-in address suggestions
//   npm run bench -- --only=writes         signatures, uploads, handovers and payments at once,
//                                          on PGlite and always on PostgreSQL too (the build)
//   npm run bench -- --postgres            mixed, admin, checkout and large data also on PostgreSQL
//                                          (BENCH_DATABASE_URL, or
//                                          postgres://postgres@127.0.0.1:5432/test)
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { runAdminPhase } from './admin';
import { runCheckoutPhase } from './checkout';
import { runDataPhase } from './data';
import { runGeocoderPhase } from './geocoder';
import { runHttpPhase } from './http';
import { runMixedPhase } from './mixed';
import { runWritesPhase } from './writes';
import { stopAll } from '../lib/processes';
import { formatLoad, heading, table, verdict, type BudgetResult } from '../lib/report';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const PHASES = ['http', 'mixed', 'admin', 'checkout', 'writes', 'data', 'geocoder'] as const;
type Phase = (typeof PHASES)[number];
const USAGE = `Usage: npm run bench -- [--only=${PHASES.join('|')}] [--postgres]`;

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const isPhase = (value: string): value is Phase => (PHASES as readonly string[]).includes(value);
if (values.only !== undefined && !isPhase(values.only)) {
  console.error(`--only must be one of ${PHASES.join(', ')}, not "${values.only}"\n${USAGE}`);
  process.exit(2);
}
const phases: readonly Phase[] = values.only ? [values.only] : PHASES;

const postgresUrl =
  process.env.BENCH_DATABASE_URL || (values.postgres ? DEFAULT_POSTGRES_URL : undefined);

console.log(
  `Vroum Prestige bench — ${new Date().toISOString()} — Node ${process.version}, ${
    cpus().length
  } cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${formatLoad()}`,
);

const run: Record<Phase, () => Promise<BudgetResult[]>> = {
  http: () => runHttpPhase(),
  mixed: () => runMixedPhase({ postgresUrl }),
  admin: () => runAdminPhase({ postgresUrl }),
  checkout: () => runCheckoutPhase({ postgresUrl }),
  // Both engines always: the stall to rule out was seen on PGlite, the figures compare the two.
  writes: () => runWritesPhase({ postgresUrl: postgresUrl ?? DEFAULT_POSTGRES_URL }),
  data: () => runDataPhase({ postgresUrl }),
  geocoder: () => runGeocoderPhase(),
};

const budgets: BudgetResult[] = [];
let failed = false;
try {
  for (const phase of phases) budgets.push(...(await run[phase]()));
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
