// Phase "writes" (issue #37): the embedded database under concurrent writes. The browser suite
// once saw 'Signer le contrat' pending for 30 s while another file ran. Here many clients write at the same instant on the built app: customers sign their contract
// (code, then signature), send their identity files and book and pay with the sandbox
// processor, while agents record handovers with photos. On PGlite in its worker thread (as
// `npm start` runs it) and on a PostgreSQL server; no request may wait a second or more. The
// server's CPU time during the burst is printed: near the burst's length on two cores, the
// requests waited for the server's one JavaScript thread, not for the database.
// BENCH_CPU_PROF=<dir> profiles the server (scripts/bench/cpu-profile.mjs).
import { Agent } from 'node:http';
import { CATALOGUE } from '@vroum/core/catalogue';
import { cpuTimeMs, type BuiltApp } from '../lib/processes';
import { formatLoad, heading, ms, percentile, table, type BudgetResult } from '../lib/report';
import { insertBenchVehicles } from './data';
import {
  CUSTOMER_PASSWORD,
  customerEmail,
  DEMO_ADMIN,
  forEachDatabase,
  insertCustomers,
  seedDatabase,
  startAppOn,
  type SeededDatabase,
} from './seeded-app';
import { closeVisitor, newVisitor, send, signIn, type Visitor } from './visitor';
import {
  bookAndPay,
  call,
  fork,
  recordHandover,
  signContract,
  submitAndValidateIdentity,
  uploadIdentityFiles,
  waitForHandoverReady,
  type Customer,
  type Sample,
} from './writes-clients';

/**
 * Customers who sign their contract during the burst, and customers whose car the agent hands
 * over during it: each also sends their files and books and pays another car at the same time,
 * so 48 clients write at once (40 customers' tabs, 8 agents' phones).
 */
const SIGNERS = 8;
const HANDED_OVER = 8;
const BUDGET_MS = 1000;
const GROUP = 'ecriture';
const DEMO_AGENT_EMAIL = 'agent@vroum-prestige.fr';

/** Each client its own address: the per-address limits count them apart, as real customers. */
let nextAddress = 1;
const client = (app: BuiltApp): Visitor => ({
  ...newVisitor(app),
  address: `198.51.100.${nextAddress++ % 250}`,
});

/** A round hour `hours` from now: within a day, the deposit is held at once by the jobs. */
const hoursFromNow = (hours: number) => {
  const date = new Date(Date.now() + hours * 3_600_000);
  date.setUTCMinutes(0, 0, 0);
  return date;
};

interface Prepared {
  signers: { customer: Customer; bookingId: string }[];
  handedOver: { customer: Customer; bookingId: string }[];
  admin: Visitor;
  agentVisitor: Visitor;
}

/**
 * Through the API, one customer at a time (not measured): every customer books and pays a car
 * of their own starting within the day; the signers' identity is validated; the handovers'
 * contract is signed too and their delivery assigned to the demo agent, until the deposit is held.
 */
async function prepare(app: BuiltApp): Promise<Prepared> {
  const admin = client(app);
  admin.agent = new Agent({ keepAlive: true, maxSockets: 16 });
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const agentVisitor = client(app);
  await signIn(agentVisitor, DEMO_AGENT_EMAIL, DEMO_ADMIN.password);
  const agents = await call<{ agents: { id: string; email: string }[] }>(
    undefined,
    'agents',
    admin,
    'GET',
    '/api/v1/admin/agents',
  );
  const agentId = agents.body.agents.find((a) => a.email === DEMO_AGENT_EMAIL)?.id;
  if (!agentId) throw new Error('the demo agent is not listed among the agents');

  const prepared: Prepared = { signers: [], handedOver: [], admin, agentVisitor };
  for (let index = 0; index < SIGNERS + HANDED_OVER; index++) {
    const email = customerEmail(GROUP, index + 1);
    const customer: Customer = { email, index, visitor: client(app) };
    await signIn(customer.visitor, email, CUSTOMER_PASSWORD);
    const bookingId = await bookAndPay(undefined, customer, `bench-${index + 1}`, hoursFromNow(3));
    await uploadIdentityFiles(undefined, customer.visitor);
    await submitAndValidateIdentity(customer, admin, bookingId);
    if (index < SIGNERS) {
      prepared.signers.push({ customer, bookingId });
      continue;
    }
    await signContract(undefined, customer, admin, bookingId);
    await call(
      undefined,
      'assignment',
      admin,
      'PUT',
      `/api/v1/admin/bookings/${bookingId}/assignment`,
      {
        body: { kind: 'delivery', agentId },
      },
    );
    prepared.handedOver.push({ customer, bookingId });
  }
  for (const { bookingId } of prepared.handedOver)
    await waitForHandoverReady(agentVisitor, bookingId);
  return prepared;
}

/** Everyone at once; answers every timed request and the time from the first to the last. */
async function burst(
  prepared: Prepared,
): Promise<{ samples: Sample[]; totalMs: number; errors: string[] }> {
  const samples: Sample[] = [];
  const errors: string[] = [];
  const record = (sample: Sample) => samples.push(sample);
  const customers = [...prepared.signers, ...prepared.handedOver];
  // A second car for each, well after the first, from a catalogue car on: pure new writes.
  const payments = customers.map(
    ({ customer }, i) =>
      () =>
        bookAndPay(
          record,
          { ...customer, visitor: fork(customer.visitor) },
          CATALOGUE[i % CATALOGUE.length]!.slug,
          hoursFromNow(24 * (40 + i)),
        ),
  );
  const uploads = customers.map(
    ({ customer }) =>
      () =>
        uploadIdentityFiles(record, fork(customer.visitor)),
  );
  const signatures = prepared.signers.map(
    ({ customer, bookingId }) =>
      () =>
        signContract(record, customer, prepared.admin, bookingId),
  );
  const handovers = prepared.handedOver.map(
    ({ bookingId }) =>
      () =>
        recordHandover(record, fork(prepared.agentVisitor), bookingId),
  );
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    [...signatures, ...uploads, ...payments, ...handovers].map((work) => work()),
  );
  const totalMs = performance.now() - started;
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected')
      errors.push(
        String(outcome.reason instanceof Error ? outcome.reason.message : outcome.reason),
      );
  }
  return { samples, totalMs, errors };
}

const OPERATIONS = [
  'contract code',
  'contract sign',
  'document upload',
  'inspection photo',
  'handover',
  'payment start',
  'payment confirm',
  'payment capture',
];

function rows(engine: string, samples: Sample[]): string[][] {
  return [...OPERATIONS, 'all'].map((op) => {
    const of = samples.filter((s) => op === 'all' || s.op === op).map((s) => s.ms);
    return [
      `${engine}: ${op}`,
      String(of.length),
      ms(percentile(of, 50), 0),
      ms(percentile(of, 95), 0),
      ms(of.length ? Math.max(...of) : undefined, 0),
      String(of.filter((value) => value >= BUDGET_MS).length),
    ];
  });
}

async function benchOne(
  target: SeededDatabase,
): Promise<{ rows: string[][]; budget: BudgetResult }> {
  console.log(`\n▶ ${target.label}`);
  await seedDatabase(target, async (db) => {
    await insertBenchVehicles(db, SIGNERS + HANDED_OVER);
    await insertCustomers(db, GROUP, SIGNERS + HANDED_OVER, { canSignIn: true });
  });
  const app = await startAppOn(target, {
    AUTH_RATE_LIMIT: 'false',
    BOOKING_RATE_LIMIT: '1000000',
    MAX_OPEN_HOLDS: '10',
    // The deposits of the cars handed over are held by the next run of the jobs.
    BOOKING_JOBS_INTERVAL_MS: '500',
    // The clients' own addresses, in X-Forwarded-For, believed from this machine only.
    TRUST_PROXY: '127.0.0.1',
    // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops, to find out
    // what a slow request waited for.
    ...(process.env.BENCH_CPU_PROF
      ? {
          BENCH_CPU_PROF: process.env.BENCH_CPU_PROF,
          NODE_OPTIONS: `--import ${new URL('cpu-profile.mjs', import.meta.url).href}`,
        }
      : {}),
  });
  let result: Awaited<ReturnType<typeof burst>>;
  try {
    const prepStarted = performance.now();
    const prepared = await prepare(app);
    console.log(
      `  ${SIGNERS + HANDED_OVER} customers booked and paid, identity validated, ${HANDED_OVER} contracts signed and deliveries assigned (${((performance.now() - prepStarted) / 1000).toFixed(1)} s)`,
    );
    const cpuBefore = cpuTimeMs(app.process.pid);
    result = await burst(prepared);
    const cpuAfter = cpuTimeMs(app.process.pid);
    // CPU far below the burst's wall time: the server waited for the cores, not for its work.
    if (cpuBefore !== undefined && cpuAfter !== undefined) {
      console.log(
        `  server CPU during the burst: ${ms(cpuAfter - cpuBefore, 0)}, load average ${formatLoad()}`,
      );
    }
    closeVisitor(prepared.admin);
    closeVisitor(prepared.agentVisitor);
    const checker = newVisitor(app);
    const health = await send(checker, 'GET', '/api/v1/health');
    closeVisitor(checker);
    if (health.status !== 200) result.errors.push(`health answered ${health.status} afterwards`);
  } finally {
    await app.stop();
  }
  const { samples, totalMs, errors } = result;
  for (const error of errors) console.log(`  ✗ ${error}`);
  if (errors.length > 0) console.log(`  The server's last words:\n${app.output()}`);
  const slow = samples.filter((s) => s.ms >= BUDGET_MS);
  const worst = samples.reduce((max, s) => Math.max(max, s.ms), 0);
  console.log(`  ${samples.length} requests in ${ms(totalMs, 0)}, slowest ${ms(worst, 0)}`);
  return {
    rows: rows(target.engine, samples),
    budget: {
      phase: 'writes',
      what: `${target.engine}: every request of ${SIGNERS + HANDED_OVER} customers and ${HANDED_OVER} agents writing at once`,
      measured: `${samples.length} requests, slowest ${ms(worst, 0)}, ${slow.length} ≥ 1 s, ${errors.length} failed`,
      budget: `each < ${BUDGET_MS} ms, none failed`,
      pass: slow.length === 0 && errors.length === 0 && samples.length > 0,
    },
  };
}

export async function runWritesPhase(options: { postgresUrl: string }): Promise<BudgetResult[]> {
  heading(
    `Writes — ${SIGNERS} customers signing their contract, ${SIGNERS + HANDED_OVER} sending identity files and paying, ${HANDED_OVER} handovers with photos, all at once`,
  );
  const results = await forEachDatabase(options.postgresUrl, benchOne);
  console.log(
    `\n${table([
      ['operation', 'requests', 'p50', 'p95', 'max', '≥ 1 s'],
      ...results.flatMap((result) => result.rows),
    ])}`,
  );
  console.log(
    '\nEach client has its own keep-alive connection and address; a customer signs, uploads and pays' +
      "\nfrom three tabs at once, each agent's phone sends two photos then the handover. Latency is from" +
      '\na request to the end of its answer; the contract code is read in the demo mailbox (not timed).',
  );
  return results.map((result) => result.budget);
}
