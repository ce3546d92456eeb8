import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  placeDueDepositHolds,
  reconcilePendingPayments,
  releaseExpiredHolds,
} from '../../src/modules/bookings/booking-jobs';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { checkout, type PaymentStartAnswer } from '../helpers/checkout';
import { controlDatabase, type CrashPoint, type DatabaseControl } from '../helpers/interleaving';
import { moneyInvariantViolations } from '../helpers/money-invariants';
import { handoverReport } from '../helpers/operations';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Proof beyond examples: random interleavings of a booking's money — payment start, card or
 * 3-D Secure confirmation, capture, hold lapse and the jobs, customer cancellation, admin refund,
 * deposit, handover and return, and a server killed at a chosen statement then the requests
 * retried — after which the database must still tell one consistent story (money-invariants).
 * The seed fixes the plans and the scheduler's order of statements (the database's own timing
 * may still vary on a server); FC_SEED, FC_RUNS and FC_PATH replay or widen it, FC_SHRINK=true
 * shrinks a failure (`npm run test:money-model` runs many with a random seed).
 */
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : 33_013;
const RUNS = Number(process.env.FC_RUNS ?? 24);
const PATH = process.env.FC_PATH || undefined;

const CARS = ['mercedes-classe-s-500', 'range-rover-sport', 'porsche-panamera', 'audi-a4'];
const DAY = 86_400_000;
/** Two months ahead, 9:00 UTC: far enough for a free cancellation, a cancelled booking keeps nothing. */
const FIRST_DAY = Math.floor(Date.now() / DAY) * DAY + 60 * DAY + 9 * 3_600_000;
/** Two overlapping periods and one apart, on the run's car. */
const SLOTS = [0, 1, 4];

const CRASH_POINTS: Omit<CrashPoint, 'nth'>[] = [
  {
    label: 'the processor recording its answer',
    pattern: /^update sandbox_idempotency set response/,
  },
  { label: 'the processor moving money', pattern: /^update sandbox_intents/ },
  { label: 'a ledger row being written', pattern: /insert into money_movements/ },
  {
    label: 'a pending movement being settled',
    pattern: /^update money_movements set state = 'done'/,
  },
  { label: 'a status change being audited', pattern: /insert into audit_log/ },
  { label: 'a payment being recorded', pattern: /insert into payments/ },
];

type Step =
  | 'start'
  | 'pay'
  | 'capture'
  | 'deposit'
  | 'handover'
  | 'return'
  | 'cancel'
  | 'refund-full'
  | 'refund-half'
  | 'lapse'
  | 'jobs';
/** How slow a client's answers are: each of its statements waits that many of the scheduler's turns. */
const paceArb = fc.constantFrom(1, 1, 1, 4, 16);
interface Move {
  step: Step;
  pace: number;
}
const paces = (count: number) => fc.array(paceArb, { minLength: count, maxLength: count });

/** The customer's tab: the payment start, mostly paid and captured, sometimes a cancellation. */
const customerArb = fc
  .record({
    paid: fc.oneof({ arbitrary: fc.constant(2), weight: 3 }, { arbitrary: fc.nat(1), weight: 1 }),
    cancelAt: fc.option(fc.nat(2), { freq: 2 }),
    paces: paces(4),
  })
  .map(({ paid, cancelAt, paces }): Move[] => {
    const steps: Step[] = ['start', ...(['pay', 'capture'] as Step[]).slice(0, paid)];
    if (cancelAt !== null) steps.splice(1 + Math.min(cancelAt, paid), 0, 'cancel');
    return steps.map((step, at) => ({ step, pace: paces[at]! }));
  });

/** The team: the deposit, the handover and the return as far as they go, with refunds among them. */
const staffArb = fc
  .record({
    // Mostly once the customer has paid (a handover needs it), sometimes right alongside.
    afterCustomer: fc.oneof(
      { arbitrary: fc.constant(true), weight: 2 },
      { arbitrary: fc.constant(false), weight: 1 },
    ),
    progress: fc.nat(3),
    refunds: fc.array(
      fc.record({ at: fc.nat(3), step: fc.constantFrom<Step>('refund-full', 'refund-half') }),
      { maxLength: 2 },
    ),
    paces: paces(5),
  })
  .map(({ afterCustomer, progress, refunds, paces }) => {
    const steps: Step[] = (['deposit', 'handover', 'return'] as Step[]).slice(0, progress);
    for (const refund of refunds) steps.splice(Math.min(refund.at, steps.length), 0, refund.step);
    return { afterCustomer, moves: steps.map((step, at) => ({ step, pace: paces[at]! })) };
  });

/** Anyone else on the booking: a second tab, another administrator, time passing and the jobs. */
const othersArb = fc.array(
  fc.record({
    step: fc.constantFrom<Step>('capture', 'cancel', 'refund-full', 'lapse', 'jobs'),
    pace: paceArb,
  }),
  { maxLength: 2 },
);

interface Journey {
  slot: number;
  promo: boolean;
  card: 'plain' | 'challenge' | 'refused';
  fuelDue: boolean;
  customer: Move[];
  staff: { afterCustomer: boolean; moves: Move[] };
  others: Move[];
}

const journeyArb: fc.Arbitrary<Journey> = fc.record({
  slot: fc.nat(SLOTS.length - 1),
  promo: fc.boolean(),
  card: fc.constantFrom('plain' as const, 'challenge' as const, 'refused' as const),
  fuelDue: fc.boolean(),
  customer: customerArb,
  staff: staffArb,
  others: othersArb,
});

const planArb = fc.record({
  journeys: fc.array(journeyArb, { minLength: 1, maxLength: 3 }),
  crash: fc.option(
    fc.record({ point: fc.constantFrom(...CRASH_POINTS), nth: fc.integer({ min: 1, max: 3 }) }),
    { freq: 2 },
  ),
});
type Plan = typeof planArb extends fc.Arbitrary<infer T> ? T : never;

let ctx: TestContext;
let control: DatabaseControl;
let pay: ReturnType<typeof checkout>;
let adminCookie: string;
let customers: SignedInUser[] = [];
let runIndex = 0;
let addresses = 0;
const stats = { runs: 0, crashes: 0, turns: 0 };
/** How each step was answered over the runs, to see what the runs reached. */
const answered: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  // FC_LOG=error shows the server's own account of an unexpected answer.
  ctx = await createTestApp(process.env.FC_LOG ? { LOG_LEVEL: process.env.FC_LOG } : {});
  pay = checkout(ctx);
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  const rental = rentalSteps(ctx, () => adminCookie);
  // Each customer's identity validated once: the handover needs it, whatever the booking.
  customers = [];
  for (const name of ['alice', 'bruno', 'carol']) {
    const user = await signUpUser(ctx, `${name}.model@example.fr`);
    await rental.validateIdentity(user, await rental.paidBooking(user, 'toyota-yaris'));
    customers.push(user);
  }
  control = controlDatabase(ctx.db);
}, 120_000);
afterAll(async () => {
  control?.release();
  await ctx?.close();
});

interface Answer {
  status: number;
  body: string;
}
const answerOf = (response: { statusCode: number; body: string }): Answer => ({
  status: response.statusCode,
  body: response.body,
});
/** Each request from an address of its own: the per-address limits are not under test. */
const remoteAddress = () => {
  addresses += 1;
  return `10.33.${Math.floor(addresses / 250) % 250}.${addresses % 250}`;
};
const call = (cookie: string, method: 'POST', url: string, payload?: object, key?: string) =>
  ctx.app
    .inject({
      method,
      url,
      headers: {
        cookie,
        origin: ctx.config.site.publicUrl,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      remoteAddress: remoteAddress(),
      ...(payload ? { payload } : {}),
    })
    .then(answerOf);

/** The contract signed with the mailed code (if not yet), then the car handed over. */
async function handOver(user: SignedInUser, bookingId: string): Promise<Answer> {
  const code = await call(user.cookie, 'POST', `/api/v1/bookings/${bookingId}/contract/code`);
  if (code.status === 200) {
    const mail = await ctx.db.query<{ subject: string }>(
      `select subject from email_outbox where to_address = $1 and template = 'contract-code'
          and text like $2 order by created_at desc limit 1`,
      [user.email, `%${bookingId}%`],
    );
    const sign = await call(user.cookie, 'POST', `/api/v1/bookings/${bookingId}/contract/sign`, {
      version: (JSON.parse(code.body) as { version: number }).version,
      consent: true,
      code: mail.rows[0]!.subject.match(/\d{6}/)![0],
      signature: { kind: 'typed', text: 'Camille Martin' },
    });
    if (sign.status !== 200) return sign;
  }
  const answer = await call(
    adminCookie,
    'POST',
    `/api/v1/agent/missions/${bookingId}/handover`,
    handoverReport,
  );
  return answer;
}

function giveBack(bookingId: string, fuelDue: boolean): Promise<Answer> {
  const report: Record<string, unknown> = { ...handoverReport };
  delete report.identityChecked;
  return call(adminCookie, 'POST', `/api/v1/agent/missions/${bookingId}/return`, {
    ...report,
    odometerKm: handoverReport.odometerKm + 120,
    fuelPercent: fuelDue ? 70 : 100,
    atAgency: false,
    damageCents: 0,
    chargeNote: '',
  });
}

const ok: Answer = { status: 200, body: '' };

interface JourneyState {
  journey: Journey;
  user: SignedInUser;
  startKey: string;
  start: PaymentStartAnswer | null;
  /** The admin refunds answered 200, by key. */
  refunded: Map<string, number>;
  cancelled: boolean;
  /** Whether the payment start created the booking, once it answered. */
  started: Promise<boolean>;
  markStarted: (created: boolean) => void;
}

/** One step of a journey, as the customer, the team or the jobs would do it. */
async function perform(state: JourneyState, step: Step, key: string, run: Run): Promise<Answer> {
  const { user, journey } = state;
  if (step === 'start') {
    const answer = answerOf(
      await pay.request(user, run.car, run.firstDay + SLOTS[journey.slot]! * DAY, {
        promoCode: journey.promo ? run.code : undefined,
        key: state.startKey,
      }),
    );
    if (answer.status === 201) state.start = JSON.parse(answer.body) as PaymentStartAnswer;
    if (answer.status < 500) state.markStarted(answer.status === 201);
    return answer;
  }
  const start = state.start!;
  const bookingId = start.bookingId;
  switch (step) {
    case 'pay': {
      if (journey.card === 'plain') return answerOf(await pay.confirmCard(start));
      const challenge = answerOf(await pay.confirmCard(start, '4000002760003184'));
      if (challenge.status !== 200) return challenge;
      return answerOf(await pay.authenticate(start, journey.card === 'challenge'));
    }
    case 'capture':
      return answerOf(await pay.capture(user, start.paymentIntentId));
    case 'cancel': {
      const answer = answerOf(await pay.cancel(user, bookingId));
      if (answer.status === 200) state.cancelled = true;
      return answer;
    }
    case 'refund-full':
    case 'refund-half': {
      const amountCents =
        step === 'refund-full' ? start.amountCents : Math.floor(start.amountCents / 2);
      const url = `/api/v1/admin/bookings/${bookingId}/refund`;
      const answer = await call(adminCookie, 'POST', url, { amountCents }, key);
      if (answer.status === 200) state.refunded.set(key, amountCents);
      return answer;
    }
    case 'lapse':
      // Sixteen minutes later: the hold is over and the payment counts as unsettled.
      await ctx.db.query(
        `update bookings set hold_expires_at = now() - interval '1 second',
            created_at = created_at - interval '16 minutes' where id = $1`,
        [bookingId],
      );
      return ok;
    case 'jobs':
      await releaseExpiredHolds(ctx.app);
      await reconcilePendingPayments(ctx.app);
      return ok;
    case 'deposit':
      // The day before delivery: the deposit's hold is due.
      await ctx.db.query('update bookings set deposit_due_at = now() where id = $1', [bookingId]);
      await placeDueDepositHolds(ctx.app);
      return ok;
    case 'handover':
      return handOver(user, bookingId);
    case 'return':
      return giveBack(bookingId, journey.fuelDue);
  }
  throw new Error(`unknown step ${step}`);
}

interface Run {
  car: string;
  firstDay: number;
  code: string;
  /** Answers a client should never get: a 5xx or a thrown error while the server was up. */
  defects: string[];
}

/** One client's moves one after the other; a move the crash interrupted is sent again. */
async function follow(state: JourneyState, moves: Move[], track: string, run: Run) {
  for (const { step, pace } of moves) {
    if (step !== 'start' && !(await state.started)) return;
    const key = crypto.randomUUID();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const end = await control.operation(() => perform(state, step, key, run), pace);
      if (end.crashed) continue;
      const outcome = end.error ? 'error' : String(end.value?.status);
      answered[step] = { ...answered[step], [outcome]: (answered[step]?.[outcome] ?? 0) + 1 };
      if (end.error || (end.value?.status ?? 0) >= 500) {
        const answer = end.error ? String(end.error) : `${end.value!.status} ${end.value!.body}`;
        run.defects.push(`${track}, ${step}: ${answer}`);
      }
      break;
    }
  }
}

/** A booking's clients at once: the customer, the team (maybe once the customer is done), others. */
async function travel(state: JourneyState, index: number, run: Run): Promise<void> {
  const { customer, staff, others } = state.journey;
  const customerDone = follow(state, customer, `booking ${index}, customer`, run).finally(() =>
    state.markStarted(false),
  );
  await Promise.all([
    customerDone,
    (staff.afterCustomer ? customerDone : Promise.resolve()).then(() =>
      follow(state, staff.moves, `booking ${index}, team`, run),
    ),
    follow(state, others, `booking ${index}, others`, run),
  ]);
}

/** What the answers the clients got say must be true, beside the database's invariants. */
async function modelViolations(states: JourneyState[]): Promise<string[]> {
  const found: string[] = [];
  for (const state of states.filter((candidate) => candidate.start)) {
    const id = state.start!.bookingId;
    const { rows } = await ctx.db.query<{ booking_status: string; refunded: number }>(
      `select b.booking_status, coalesce(sum(i.amount_refunded_cents), 0)::int as refunded
         from bookings b left join sandbox_intents i
           on i.metadata ->> 'bookingId' = b.id::text and i.metadata ->> 'kind' = 'rental'
        where b.id = $1 group by b.id`,
      [id],
    );
    const booking = rows[0]!;
    if (state.cancelled && booking.booking_status !== 'cancelled') {
      found.push(`${id}: its cancellation was answered 200 but it is ${booking.booking_status}`);
    }
    const asked = [...state.refunded.values()].reduce((sum, cents) => sum + cents, 0);
    if (booking.booking_status !== 'cancelled' && booking.refunded !== asked) {
      found.push(`${id}: refunds of ${asked} answered 200, ${booking.refunded} refunded`);
    }
  }
  return found;
}

/** A booking's events and money movements in order, to read a failure by. */
async function storyOf(bookingId: string): Promise<string> {
  const { rows } = await ctx.db.query<{ line: string }>(
    `select line from (
       select created_at, id, 'event ' || (after ->> 'event') || ' -> ' || (after ->> 'bookingStatus')
           || '/' || (after ->> 'paymentStatus') || '/' || (after ->> 'depositStatus')
           || coalesce(' (' || (after ->> 'cancellationCause') || ')', '') as line
         from audit_log where entity_id = $1 and action = 'booking.status'
       union all
       select created_at, id, 'money ' || kind || ' ' || amount_cents || ' ' || state || ' ' || idempotency_key
         from money_movements where booking_id::text = $1) story
     order by created_at, id`,
    [bookingId],
  );
  return `${bookingId}:\n  ${rows.map((row) => row.line).join('\n  ')}`;
}

async function runPlan(scheduler: fc.Scheduler, plan: Plan): Promise<void> {
  const index = runIndex++;
  const run: Run = {
    car: CARS[index % CARS.length]!,
    firstDay: FIRST_DAY + Math.floor(index / CARS.length) * 8 * DAY,
    code: `MODELE${index}`,
    defects: [],
  };
  await ctx.db.query(
    `insert into promotions (code, description, discount_type, discount_value, valid_from,
       valid_until, max_uses)
     values ($1, 'Une seule fois', 'percentage', 1000, now() - interval '1 day',
       now() + interval '30 days', 1)`,
    [run.code],
  );
  const states = plan.journeys.map((journey, at): JourneyState => {
    let markStarted: (created: boolean) => void = () => {};
    const started = new Promise<boolean>((resolve) => (markStarted = resolve));
    return {
      journey,
      user: customers[at]!,
      startKey: crypto.randomUUID(),
      start: null,
      refunded: new Map(),
      cancelled: false,
      started,
      markStarted,
    };
  });
  const crashesBefore = control.crashes;
  control.arm(plan.crash ? { ...plan.crash.point, nth: plan.crash.nth } : null);
  control.attach(scheduler);
  try {
    await scheduler.waitFor(Promise.all(states.map((state, at) => travel(state, at, run))));
  } finally {
    control.attach(null);
    control.arm(null);
    await scheduler.waitAll();
  }
  const turns = scheduler.report().length;
  stats.turns += turns;
  // A failure names the run's plan; its thousands of turns are replayed by the seed and path.
  Object.assign(scheduler, { [fc.toStringMethod]: () => `scheduler (${turns} turns)` });
  stats.runs += 1;
  stats.crashes += control.crashes - crashesBefore;
  const ids = states.flatMap((state) => (state.start ? [state.start.bookingId] : []));
  const atRest = await moneyInvariantViolations(ctx.db, ids);
  // Time passes and the jobs run: nothing they settle may break the story either.
  await releaseExpiredHolds(ctx.app);
  await reconcilePendingPayments(ctx.app);
  const afterJobs = await moneyInvariantViolations(ctx.db, ids);
  const problems = [
    ...run.defects,
    ...atRest.map((text) => `at rest: ${text}`),
    ...afterJobs.filter((text) => !atRest.includes(text)).map((text) => `after the jobs: ${text}`),
    ...(await modelViolations(states)),
  ];
  if (problems.length > 0) {
    const story = await Promise.all(ids.map((id) => storyOf(id)));
    throw new Error(`run ${index} on ${run.car}:\n${problems.join('\n')}\n${story.join('\n')}`);
  }
}

describe('the booking’s money under random interleavings, crashes and retries', () => {
  it(
    'keeps the ledger equal to the processor, refunds once, keeps nothing of a cancellation, one live booking per code and per car, every change audited',
    async () => {
      await fc.assert(fc.asyncProperty(fc.scheduler(), planArb, runPlan), {
        seed: SEED,
        numRuns: RUNS,
        path: PATH,
        endOnFailure: process.env.FC_SHRINK !== 'true',
      });
      // The runs did reach what they claim to: crashes, captures, cancellations and refunds.
      expect(stats.runs).toBeGreaterThanOrEqual(RUNS);
      if (RUNS >= 20 && !PATH) {
        expect(stats.crashes).toBeGreaterThan(0);
        for (const step of ['capture', 'cancel', 'refund-full'] as const) {
          expect(answered[step]?.['200'], step).toBeGreaterThan(0);
        }
      }
      console.info(
        `money model: seed ${SEED}, ${JSON.stringify({ ...stats, answered, crashedAt: control.crashedAt })}`,
      );
    },
    60_000 + RUNS * 15_000,
  );
});
