// Phase "mixed": the catalogue's cached reads while the database is busy. 200 req/s of searches
// for periods never asked before (each one a query over the admin phase's 10,000 bookings on
// 213 cars) and 300 req/s of fleet reads, at once, paced as the HTTP phase paces them; on the
// embedded database (PGlite in its worker thread, as the server runs it; then, for comparison,
// in the server's thread) and, with --postgres, on a PostgreSQL server. The reads must not wait
// behind the searches.
import { seedCustomersAndBookings } from './admin';
import { forEachDatabase, seedDatabase, startAppOn } from './seeded-app';
import {
  LOAD_HEADERS,
  latencyCells,
  machineCells,
  measurePaced,
  newPeriodEachTime,
  pacedVerdict,
  type HttpOptions,
} from './http';
import { type Child } from '../lib/processes';
import { heading, ms, table, verdict, type BudgetResult } from '../lib/report';

const SEARCHES: HttpOptions = {
  rate: 200,
  connections: 20,
  durationSeconds: 10,
  warmupSeconds: 2,
  budgetP99Ms: 50,
};
const READS: HttpOptions = { ...SEARCHES, rate: 300, connections: 30, budgetP99Ms: 25 };

async function measureEngine(engine: string, api: Child, budgeted = true): Promise<BudgetResult[]> {
  process.stdout.write(`  ${engine}: 200 req/s new searches + 300 req/s fleet reads … `);
  const [searches, reads] = await Promise.all([
    measurePaced(`${api.url}/api/v1/search`, SEARCHES, api.process.pid, {
      method: 'GET',
      nextPath: newPeriodEachTime(),
    }),
    measurePaced(`${api.url}/api/v1/vehicles?category=Luxe`, READS, undefined),
  ]);
  const searched = pacedVerdict(searches, SEARCHES);
  const read = pacedVerdict(reads, READS);
  console.log(`searches p99 ${ms(searched.p99)}, reads p99 ${ms(read.p99)}`);
  console.log(
    table([
      ['load', ...LOAD_HEADERS.latency, ...LOAD_HEADERS.machine, 'budget p99', ''],
      [
        'new searches (200 req/s)',
        ...latencyCells(searches),
        ...machineCells(searches),
        budgeted ? `< ${SEARCHES.budgetP99Ms} ms` : '(information)',
        budgeted ? verdict(searched.pass) : '',
      ],
      [
        'fleet reads (300 req/s)',
        ...latencyCells(reads),
        ...machineCells(reads),
        budgeted ? `< ${READS.budgetP99Ms} ms` : '(information)',
        budgeted ? verdict(read.pass) : '',
      ],
    ]),
  );
  const budget = (what: string, outcome: typeof read, options: HttpOptions): BudgetResult => ({
    phase: 'mixed',
    what: `${engine}: ${what} p99 under the mixed load`,
    measured: `${ms(outcome.p99)} (${outcome.failures} failed)`,
    budget: `< ${options.budgetP99Ms} ms, no failures`,
    pass: outcome.pass,
  });
  return [budget('fleet reads', read, READS), budget('never-asked searches', searched, SEARCHES)];
}

export async function runMixedPhase(options: {
  postgresUrl: string | undefined;
}): Promise<BudgetResult[]> {
  heading('Mixed — never-asked searches and cached fleet reads at once');
  const results = await forEachDatabase(options.postgresUrl, async (target) => {
    console.log(`\n▶ ${target.label}`);
    await seedDatabase(target, seedCustomersAndBookings);
    const budgets: BudgetResult[] = [];
    const engine = target.engine === 'PGlite' ? 'PGlite (worker thread)' : 'PostgreSQL';
    const api = await startAppOn(target);
    try {
      budgets.push(...(await measureEngine(engine, api)));
    } finally {
      await api.stop();
    }
    if (target.engine === 'PGlite') {
      // The same load with PGlite in the server's thread, as it ran before: the comparison.
      const inThread = await startAppOn(target, { PGLITE_THREAD: 'main' });
      try {
        await measureEngine('PGlite (server thread, for comparison)', inThread, false);
      } finally {
        await inThread.stop();
      }
    }
    return budgets;
  });
  return results.flat();
}
