// Phase "checkout" (issue #5): the quote endpoint under the paced load of the HTTP phase, then
// concurrent payment starts. Customers who press "Payer" for the same car and overlapping periods
// at the same instant must see exactly one of them get the car (201) and the others a 409
// "Véhicule non disponible"; customers booking different cars at once must all succeed.
import { randomUUID } from 'node:crypto';
import { CATALOGUE } from '@vroum/core/catalogue';
import type { CreateBookingRequest, PaymentStart, QuoteRequest } from '@vroum/core/checkout';
import type { Database } from '../../apps/api/src/db/client';
import { cpuTimeMs, type BuiltApp } from '../lib/processes';
import { heading, ms, percentile, table, verdict, type BudgetResult } from '../lib/report';
import { insertBenchVehicles } from './data';
import {
  LOAD_HEADERS,
  LOAD_LEGEND,
  isoIn,
  latencyCells,
  machineCells,
  measurePaced,
  pacedVerdict,
  type HttpOptions,
} from './http';
import {
  CUSTOMER_PASSWORD,
  customerEmail,
  driverFor,
  forEachDatabase,
  insertCustomers,
  seedDatabase,
  startAppOn,
  withDatabase,
  type SeededDatabase,
} from './seeded-app';
import {
  closeVisitor,
  connect,
  newVisitor,
  send,
  signIn,
  type Answer,
  type ApiErrorBody,
  type Visitor,
} from './visitor';

export interface CheckoutOptions {
  /** postgres:// URL of a server: the phase runs on PGlite, then on a new database there. */
  postgresUrl?: string | undefined;
}

/**
 * The quote is asked again each time a customer changes a choice on the checkout page (dates,
 * protection, options, address): 100 quotes/s is a few hundred customers on that page at once, a
 * very busy evening for a rental site. The catalogue's 500 req/s is for pages every visitor loads;
 * a quote costs 1.6–3 ms of the API's CPU (measured: 23–33 % of a core at 100–200 req/s), so
 * 500 quotes/s would take most of its one JavaScript thread for a rate the checkout never sees.
 */
const QUOTE_LOAD: HttpOptions = {
  rate: 100,
  connections: 20,
  durationSeconds: 10,
  warmupSeconds: 2,
  budgetP99Ms: 25,
};

/**
 * A rush on one car: 100 signed-in customers press "Payer" at the same instant, half for one
 * period and half for another that overlaps it, 20 times. Each burst must give the car to exactly
 * one of them, answer every other one 409 "Véhicule non disponible" within the second, never a
 * 5xx, and the health check must keep answering meanwhile (issue #13: on PostgreSQL such a rush
 * used to deadlock two inserts through the exclusion constraint and stall the whole instance).
 */
const SAME_CAR_CUSTOMERS = 100;
const SAME_CAR_ROUNDS = 20;
const BUDGET_RUSH_ANSWER_MS = 1000;
const CUSTOMERS_PER_BURST = 20;
const DIFFERENT_CARS_ROUNDS = 3;
/** The health check is asked this often during the bursts. */
const HEALTH_EVERY_MS = 100;
const CUSTOMER_GROUP = 'acheteur';
/**
 * A payment start checks the session, prices the rental, takes the car in one transaction and
 * creates the intent at the sandbox processor (in-process, more writes): measured at 5–7 ms of the
 * API's CPU on PostgreSQL and 11–19 ms on PGlite (which runs in the API's thread), refused or not.
 * Twenty at the same instant are served one after another on that one thread, so the last answer
 * waits for the 19 others: 250 ms was missed on both engines (p99 370–410 ms, load average 2–3).
 * 500 ms keeps the slowest customer of such a rush under the half second after which a click
 * feels slow; a real processor's own round trip (Stripe) takes longer than that in production.
 */
const BUDGET_PAYMENT_START_P99_MS = 500;
const DELIVERY_ADDRESS = '10 rue de Rivoli, 75001 Paris';

/** The quote the checkout page asks for: a Luxe car for three days, protection and one option. */
function quoteRequest(): QuoteRequest {
  return {
    vehicleSlug: 'porsche-panamera',
    start: isoIn(21, 9),
    end: isoIn(24, 18),
    deliveryAddress: DELIVERY_ADDRESS,
    protection: 'basic',
    options: ['additional_driver'],
    withDriver: false,
    unlimitedKm: false,
  };
}

interface QuoteResult {
  row: string[];
  budget: BudgetResult;
}

async function benchQuote(app: BuiltApp, engine: string): Promise<QuoteResult> {
  const visitor = newVisitor(app);
  const body = JSON.stringify(quoteRequest());
  const check = await send(visitor, 'POST', '/api/v1/quotes', { body: quoteRequest() });
  closeVisitor(visitor);
  if (check.status !== 200) {
    throw new Error(`POST /api/v1/quotes answered ${check.status}: ${JSON.stringify(check.body)}`);
  }
  process.stdout.write(`  POST /api/v1/quotes at ${QUOTE_LOAD.rate} req/s … `);
  const load = await measurePaced(`${app.url}/api/v1/quotes`, QUOTE_LOAD, app.process.pid, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: visitor.origin },
    body,
  });
  const verdictOf = pacedVerdict(load, QUOTE_LOAD);
  console.log(
    `${load.achievedRate.toFixed(0)} req/s, p99 ${ms(verdictOf.p99)}${verdictOf.disturbed ? ' (disturbed)' : ''}`,
  );
  return {
    row: [
      `${engine}: POST /api/v1/quotes`,
      ...latencyCells(load),
      ...machineCells(load),
      `< ${QUOTE_LOAD.budgetP99Ms} ms`,
      `${verdict(verdictOf.pass)}${verdictOf.disturbed ? ' (disturbed)' : ''}`,
    ],
    budget: {
      phase: 'checkout',
      what: `POST /api/v1/quotes on ${engine}, p99 at ${QUOTE_LOAD.rate} req/s`,
      measured: `${ms(verdictOf.p99)} (${load.achievedRate.toFixed(0)} req/s, ${verdictOf.failures} failed)`,
      budget: `< ${QUOTE_LOAD.budgetP99Ms} ms, no failures`,
      pass: verdictOf.pass,
    },
  };
}

interface Customer {
  email: string;
  index: number;
  visitor: Visitor;
}

/** Signs in the customers two at a time (each sign-in checks a deliberately slow hash). */
async function signInCustomers(app: BuiltApp, count: number): Promise<Customer[]> {
  const customers = Array.from({ length: count }, (_, i) => ({
    email: customerEmail(CUSTOMER_GROUP, i + 1),
    index: i,
    visitor: newVisitor(app),
  }));
  for (let i = 0; i < customers.length; i += 2) {
    await Promise.all(
      customers.slice(i, i + 2).map((c) => signIn(c.visitor, c.email, CUSTOMER_PASSWORD)),
    );
  }
  return customers;
}

/** One car and period a burst asks for, with what the database must hold for it afterwards. */
interface Claim {
  vehicleSlug: string;
  start: string;
  end: string;
}

interface Burst {
  kind: 'same car' | 'different cars';
  /** What each customer of the burst asks for, in customer order. */
  claims: Claim[];
  answers: Answer<PaymentStart & ApiErrorBody>[];
  /** From the first request sent to the last answer received. */
  totalMs: number;
  /** CPU time the server process spent on the burst, per request. */
  serverCpuPerRequestMs: number | undefined;
  problems: string[];
}

function bookingRequest(claim: Claim, customer: Customer): CreateBookingRequest {
  return {
    vehicleSlug: claim.vehicleSlug,
    start: claim.start,
    end: claim.end,
    deliveryAddress: DELIVERY_ADDRESS,
    protection: 'intermediate',
    options: [],
    withDriver: false,
    unlimitedKm: false,
    driver: driverFor(customer.email, customer.index),
    acceptTerms: true,
  };
}

/**
 * Every customer sends POST /api/v1/bookings at once, each on their own open connection (the
 * checkout page is loaded: the browser has one), with a fresh Idempotency-Key as the web sends.
 */
async function burst(
  serverPid: number | undefined,
  customers: Customer[],
  kind: Burst['kind'],
  claims: Claim[],
): Promise<Burst> {
  await Promise.all(customers.map((c) => connect(c.visitor)));
  const keys = customers.map(() => randomUUID());
  const cpuBefore = cpuTimeMs(serverPid);
  const started = performance.now();
  const answers = await Promise.all(
    customers.map((c, i) =>
      send<PaymentStart & ApiErrorBody>(c.visitor, 'POST', '/api/v1/bookings', {
        body: bookingRequest(claims[i]!, c),
        headers: { 'idempotency-key': keys[i]! },
      }),
    ),
  );
  const totalMs = performance.now() - started;
  const cpuAfter = cpuTimeMs(serverPid);
  const result: Burst = {
    kind,
    claims,
    answers,
    totalMs,
    serverCpuPerRequestMs:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : (cpuAfter - cpuBefore) / customers.length,
    problems: [],
  };
  const winners = answers.flatMap((answer, i) => (answer.status === 201 ? [i] : []));
  const expected = kind === 'same car' ? 1 : customers.length;
  if (winners.length !== expected) {
    result.problems.push(`${kind}: ${winners.length} customers got the car, ${expected} expected`);
  }
  for (const answer of answers) {
    if (answer.status >= 500) result.problems.push(`${kind}: a ${answer.status}`);
    if (answer.status === 201) continue;
    const error = answer.body.error;
    const refused =
      answer.status === 409 &&
      error?.code === 'vehicle_unavailable' &&
      error.message?.startsWith('Véhicule non disponible');
    if (!refused || kind === 'different cars') {
      result.problems.push(`${kind}: answered ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }
  // A retry of the winner's request (a double click, a lost answer) returns the same booking.
  const first = winners[0];
  if (first !== undefined) {
    const retry = await send<PaymentStart>(customers[first]!.visitor, 'POST', '/api/v1/bookings', {
      body: bookingRequest(claims[first]!, customers[first]!),
      headers: { 'idempotency-key': keys[first]! },
    });
    if (retry.status !== 201 || retry.body.bookingId !== answers[first]!.body.bookingId) {
      result.problems.push(`${kind}: the retry with the same key answered ${retry.status}`);
    }
  }
  return result;
}

/** Two overlapping periods: half the customers ask three days from 8:00, half two days from the next morning. */
function overlappingClaims(vehicleSlug: string, day: number): Claim[] {
  const first = Date.parse(isoIn(day, 8));
  return Array.from({ length: SAME_CAR_CUSTOMERS }, (_, i) => {
    const start = i % 2 ? first : first + 86_400_000;
    return {
      vehicleSlug,
      start: new Date(start).toISOString(),
      end: new Date(start + (i % 2 ? 3 : 2) * 86_400_000).toISOString(),
    };
  });
}

/** One period, a different car for each customer. */
function differentCarClaims(day: number): Claim[] {
  return Array.from({ length: CUSTOMERS_PER_BURST }, (_, i) => ({
    vehicleSlug: `bench-${i + 1}`,
    start: isoIn(day, 8),
    end: isoIn(day + 3, 18),
  }));
}

/**
 * What the database holds once the server stopped: for each car of each burst, exactly one
 * booking that holds it during the burst's periods, and one rental payment per booking (the
 * refused customers left nothing behind, the retries created nothing).
 */
async function checkDatabase(db: Database, bursts: Burst[]): Promise<string[]> {
  const problems: string[] = [];
  for (const b of bursts) {
    for (const slug of new Set(b.claims.map((claim) => claim.vehicleSlug))) {
      const claims = b.claims.filter((claim) => claim.vehicleSlug === slug);
      const from = claims.map((claim) => claim.start).sort()[0]!;
      const to = claims.map((claim) => claim.end).sort()[claims.length - 1]!;
      const { rows } = await db.query<{ holding: number }>(
        `select count(*)::int as holding from bookings b join vehicles v on v.id = b.vehicle_id
          where v.slug = $1 and b.booking_status in ('pending', 'confirmed', 'active')
            and b.period && tstzrange($2, $3)`,
        [slug, from, to],
      );
      if (rows[0]?.holding !== 1) {
        problems.push(`database: ${rows[0]?.holding} bookings hold ${slug} from ${from}`);
      }
    }
  }
  const winners = bursts.reduce(
    (sum, b) => sum + b.answers.filter((answer) => answer.status === 201).length,
    0,
  );
  const { rows } = await db.query<{ bookings: number; payments: number }>(
    `select (select count(*)::int from bookings) as bookings,
            (select count(*)::int from payments where kind = 'rental') as payments`,
  );
  if (rows[0]?.bookings !== winners || rows[0]?.payments !== winners) {
    problems.push(
      `database: ${rows[0]?.bookings} bookings and ${rows[0]?.payments} payments for ${winners} winners`,
    );
  }
  return problems;
}

interface HealthWatch {
  stop(): Promise<{ asked: number; failed: number; worstMs: number }>;
}

/** Asks /api/v1/health every HEALTH_EVERY_MS on its own connection until stopped. */
function watchHealth(app: BuiltApp): HealthWatch {
  const visitor = newVisitor(app);
  let running = true;
  let asked = 0;
  let failed = 0;
  let worstMs = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await send(visitor, 'GET', '/api/v1/health').catch(() => undefined);
      const took = performance.now() - started;
      asked++;
      worstMs = Math.max(worstMs, took);
      if (answer?.status !== 200) failed++;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, HEALTH_EVERY_MS - took)));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      closeVisitor(visitor);
      return { asked, failed, worstMs };
    },
  };
}

function burstRow(engine: string, kind: Burst['kind'], bursts: Burst[]): string[] {
  const latencies = bursts.flatMap((b) => b.answers.map((answer) => answer.ms));
  const totals = bursts.map((b) => b.totalMs);
  const created = bursts.flatMap((b) => b.answers.filter((a) => a.status === 201).map((a) => a.ms));
  const cpu = bursts.flatMap((b) =>
    b.serverCpuPerRequestMs === undefined ? [] : [b.serverCpuPerRequestMs],
  );
  return [
    `${engine}: ${kind}, ${bursts.length} × ${bursts[0]?.answers.length ?? 0} at once`,
    `${created.length} / ${latencies.length - created.length}`,
    ms(percentile(latencies, 50)),
    ms(percentile(latencies, 99)),
    ms(percentile(created, 50)),
    ms(percentile(totals, 50)),
    ms(percentile(totals, 100)),
    ms(cpu.length ? cpu.reduce((sum, value) => sum + value, 0) / cpu.length : undefined),
    String(bursts.reduce((sum, b) => sum + b.problems.length, 0)),
  ];
}

interface DatabaseResult {
  quoteRow: string[];
  burstRows: string[][];
  budgets: BudgetResult[];
}

async function benchOne(target: SeededDatabase): Promise<DatabaseResult> {
  console.log(`\n▶ ${target.label}`);
  const customers = SAME_CAR_CUSTOMERS + DIFFERENT_CARS_ROUNDS * CUSTOMERS_PER_BURST;
  await seedDatabase(target, async (db) => {
    await insertBenchVehicles(db, CUSTOMERS_PER_BURST);
    await insertCustomers(db, CUSTOMER_GROUP, customers, { canSignIn: true });
  });
  const app = await startAppOn(target, {
    // Every request comes from 127.0.0.1: the per-address limits would refuse most of them.
    BOOKING_RATE_LIMIT: '1000000',
    AUTH_RATE_LIMIT: 'false',
    // The rush's customers come back every round, each winner keeping the car it got.
    MAX_OPEN_HOLDS: String(SAME_CAR_ROUNDS + 1),
  });
  const bursts: Burst[] = [];
  let quote: QuoteResult;
  let health = { asked: 0, failed: 0, worstMs: 0 };
  try {
    quote = await benchQuote(app, target.engine);
    const signInStarted = performance.now();
    const signedIn = await signInCustomers(app, customers);
    console.log(
      `  ${customers} customers signed in (${((performance.now() - signInStarted) / 1000).toFixed(1)} s)`,
    );
    const rush = signedIn.slice(0, SAME_CAR_CUSTOMERS);
    const group = (round: number) =>
      signedIn.slice(
        SAME_CAR_CUSTOMERS + round * CUSTOMERS_PER_BURST,
        SAME_CAR_CUSTOMERS + (round + 1) * CUSTOMERS_PER_BURST,
      );
    const watch = watchHealth(app);
    for (let round = 0; round < SAME_CAR_ROUNDS; round++) {
      const car = CATALOGUE[(round * 3) % CATALOGUE.length]!.slug;
      const claims = overlappingClaims(car, 30 + round * 7);
      bursts.push(await burst(app.process.pid, rush, 'same car', claims));
    }
    health = await watch.stop();
    for (let round = 0; round < DIFFERENT_CARS_ROUNDS; round++) {
      const claims = differentCarClaims(200 + round * 7);
      const customersOfRound = group(round);
      bursts.push(await burst(app.process.pid, customersOfRound, 'different cars', claims));
    }
    for (const b of bursts) {
      const created = b.answers.filter((answer) => answer.status === 201).length;
      console.log(
        `  ${b.kind} (${b.claims[0]!.vehicleSlug}${b.kind === 'different cars' ? '…' : ''}): ${created} × 201, ${
          b.answers.length - created
        } refused, burst ${ms(b.totalMs)}, server CPU ${ms(b.serverCpuPerRequestMs)} per request${b.problems.length ? ` — ${b.problems.join('; ')}` : ''}`,
      );
    }
    for (const c of signedIn) closeVisitor(c.visitor);
  } finally {
    await app.stop();
  }

  const dbProblems = await withDatabase(target, (db) => checkDatabase(db, bursts));
  for (const problem of dbProblems) console.log(`  ✗ ${problem}`);
  const sameCar = bursts.filter((b) => b.kind === 'same car');
  const differentCars = bursts.filter((b) => b.kind === 'different cars');
  const correct = (list: Burst[]) => list.filter((b) => b.problems.length === 0).length;
  const latencies = differentCars.flatMap((b) => b.answers.map((answer) => answer.ms));
  const p99 = percentile(latencies, 99);
  const rushLatencies = sameCar.flatMap((b) => b.answers.map((answer) => answer.ms));
  const slowest = Math.max(...rushLatencies);
  const serverErrors = bursts.flatMap((b) => b.answers.filter((a) => a.status >= 500)).length;
  console.log(
    `  health during the rush: ${health.asked} asked, ${health.failed} failed, slowest ${ms(health.worstMs)}`,
  );
  return {
    quoteRow: quote.row,
    burstRows: [
      burstRow(target.engine, 'same car', sameCar),
      burstRow(target.engine, 'different cars', differentCars),
    ],
    budgets: [
      quote.budget,
      {
        phase: 'checkout',
        what: `${SAME_CAR_CUSTOMERS} customers at once on one car on ${target.engine}: one 201, ${SAME_CAR_CUSTOMERS - 1} × 409 "Véhicule non disponible"`,
        measured: `${correct(sameCar)} / ${sameCar.length} rounds${dbProblems.length ? `, ${dbProblems.length} database problem(s)` : ''}`,
        budget: 'every round, one booking in the database',
        pass: correct(sameCar) === sameCar.length && dbProblems.length === 0,
      },
      {
        phase: 'checkout',
        what: `rush on one car on ${target.engine}: every answer, no 5xx`,
        measured: `slowest ${ms(slowest)}, ${serverErrors} × 5xx`,
        budget: `< ${BUDGET_RUSH_ANSWER_MS} ms, 0 × 5xx`,
        pass: slowest < BUDGET_RUSH_ANSWER_MS && serverErrors === 0,
      },
      {
        phase: 'checkout',
        what: `/api/v1/health during the rush on ${target.engine}`,
        measured: `${health.asked - health.failed} / ${health.asked} answered, slowest ${ms(health.worstMs)}`,
        budget: `all, each < ${BUDGET_RUSH_ANSWER_MS} ms`,
        pass: health.failed === 0 && health.worstMs < BUDGET_RUSH_ANSWER_MS,
      },
      {
        phase: 'checkout',
        what: `${CUSTOMERS_PER_BURST} different cars at once on ${target.engine}: all 201`,
        measured: `${correct(differentCars)} / ${differentCars.length} rounds`,
        budget: 'every round',
        pass: correct(differentCars) === differentCars.length,
      },
      {
        phase: 'checkout',
        what: `payment start on ${target.engine}, p99 of ${latencies.length} answers in bursts of ${CUSTOMERS_PER_BURST} different cars`,
        measured: `${ms(p99)} (p50 ${ms(percentile(latencies, 50))})`,
        budget: `< ${BUDGET_PAYMENT_START_P99_MS} ms`,
        pass: p99 < BUDGET_PAYMENT_START_P99_MS,
      },
    ],
  };
}

export async function runCheckoutPhase(options: CheckoutOptions): Promise<BudgetResult[]> {
  heading(
    `Checkout — POST /api/v1/quotes at a paced ${QUOTE_LOAD.rate} req/s, then ${SAME_CAR_CUSTOMERS} signed-in customers starting payment for one car at the same instant, ${SAME_CAR_ROUNDS} times, and ${CUSTOMERS_PER_BURST} for different cars (POST /api/v1/bookings)`,
  );
  const results = await forEachDatabase(options.postgresUrl, benchOne);
  console.log(
    `\n${table([
      ['quote', ...LOAD_HEADERS.latency, ...LOAD_HEADERS.machine, 'budget p99', ''],
      ...results.map((result) => result.quoteRow),
    ])}`,
  );
  console.log(`\n${LOAD_LEGEND}`);
  console.log(
    `\n${table([
      [
        'payment starts',
        '201 / refused',
        'p50',
        'p99',
        'p50 of 201',
        'burst p50',
        'burst max',
        'server CPU / request',
        'problems',
      ],
      ...results.flatMap((result) => result.burstRows),
    ])}`,
  );
  console.log(
    '\nEach customer has their own keep-alive connection and session; the requests of a burst leave' +
      '\ntogether, latency is from a request to the end of its answer, "burst" from the first request' +
      '\nto the last answer. Same car: half ask three days from 8:00, half two days from the next morning;' +
      '\nthe refused answer 409 "Véhicule non disponible". The winner then retries with its' +
      '\nIdempotency-Key and must get the same booking; once the server stopped, the database must' +
      '\nhold one booking per car and period and one rental payment per booking.',
  );
  return results.flatMap((result) => result.budgets);
}
