import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderContractPdf } from '../../src/modules/contracts/contract-pdf';
import {
  prepareContract,
  prepareMissingContracts,
} from '../../src/modules/contracts/contract-preparation';
import { readContractTerms, sha256 } from '../../src/modules/contracts/contract-terms';
import { contractsDeps } from '../../src/modules/contracts/contracts-deps';
import { ensureCurrentContract } from '../../src/modules/contracts/contracts.service';
import { startPeriodicJobs } from '../../src/periodic-jobs';
import { createLocalStorage } from '../../src/providers/storage/local-storage';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { checkout } from '../helpers/checkout';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * The contract to sign is rendered ahead, once the booking is confirmed, so the customer asking
 * for the signing code does not wait for it; the request renders it only when it is missing.
 */
let ctx: TestContext;
let adminCookie: string;
const root = mkdtempSync(join(tmpdir(), 'vroum-contract-ahead-'));

beforeAll(async () => {
  ctx = await createTestApp({ CONTRACTS_AHEAD: 'true' }, { storage: createLocalStorage(root) });
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
});
afterAll(() => ctx.close());

const steps = rentalSteps(
  new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
  () => adminCookie,
);
const deps = () => contractsDeps(ctx.app, ctx.app.log);
const filesOf = (bookingId: string) => {
  try {
    return readdirSync(join(root, 'objects', 'contracts', bookingId));
  } catch {
    return [];
  }
};
const versionsOf = async (bookingId: string) =>
  (
    await ctx.db.query<{ version: number; document_key: string; document_sha256: string }>(
      'select version, document_key, document_sha256 from contracts where booking_id = $1',
      [bookingId],
    )
  ).rows;

async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 150; tries++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not prepared in time');
}

async function paidThroughCheckout(user: SignedInUser, dayOffset: number) {
  const pay = checkout(ctx);
  const start = await pay.start(user, 'porsche-panamera', Date.now() + dayOffset * 86_400_000);
  expect((await pay.confirmCard(start)).statusCode).toBe(200);
  const captured = await pay.capture(user, start.paymentIntentId);
  expect(captured.json<{ bookingStatus: string }>().bookingStatus).toBe('confirmed');
  return start.bookingId;
}

describe('the contract rendered ahead of its signature', { timeout: 60_000 }, () => {
  it('is stored once the payment confirms the booking, and the code request uses it', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidThroughCheckout(user, 300);
    const [prepared] = await until(async () => {
      const rows = await versionsOf(bookingId);
      return rows.length > 0 ? rows : undefined;
    });
    // The very bytes the request would render, under the key named by their digest.
    const terms = (await readContractTerms(ctx.db, bookingId))!;
    const expected = await renderContractPdf(ctx.config.site, terms, 1);
    const stored = readFileSync(join(root, 'objects', prepared!.document_key));
    expect(Buffer.compare(stored, Buffer.from(expected))).toBe(0);
    expect(prepared!.document_sha256).toBe(sha256(expected));

    await steps.validateIdentity(user, bookingId);
    const code = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${bookingId}/contract/code`,
      headers: steps.headers(user.cookie),
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(code.json()).toMatchObject({ version: 1, documentSha256: prepared!.document_sha256 });
    expect(await versionsOf(bookingId)).toEqual([prepared]);
    expect(filesOf(bookingId)).toHaveLength(1);
    const signed = await steps.signCurrentContract(user, bookingId);
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it('stores one file and one version when two renderings race', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await steps.paidBooking(user);
    // The preparation and a customer's request (or two instances' preparations) at once.
    const [ahead, asked] = await Promise.all([
      ensureCurrentContract(deps(), bookingId, true),
      ensureCurrentContract(deps(), bookingId),
    ]);
    expect(ahead.contract).toEqual(asked.contract);
    expect(await versionsOf(bookingId)).toHaveLength(1);
    expect(filesOf(bookingId)).toHaveLength(1);
    // In one process, the confirmation and the jobs asking at once share one rendering.
    const other = await steps.paidBooking(await signUpUser(ctx));
    const first = prepareContract(deps(), other);
    expect(prepareContract(deps(), other)).toBe(first);
    await first;
    expect(await versionsOf(other)).toHaveLength(1);
  });

  it('is made by the periodic jobs for a confirmed booking that has none', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await steps.paidBooking(user);
    expect(await versionsOf(bookingId)).toHaveLength(0);
    while ((await prepareMissingContracts(deps())) > 0);
    const [made] = await versionsOf(bookingId);
    expect(made?.version).toBe(1);
    expect(filesOf(bookingId)).toEqual([made!.document_key.split('/').pop()]);
    expect(await prepareMissingContracts(deps())).toBe(0);
  });
});

describe(
  'with contracts rendered on request only (CONTRACTS_AHEAD=false)',
  { timeout: 60_000 },
  () => {
    it('stores no contract when the payment confirms the booking, nor in the periodic jobs', async () => {
      const other = await createTestApp({}, { storage: createLocalStorage(root) });
      try {
        expect(other.config.contractsAhead).toBe(false);
        const user = await signUpUser(other);
        const pay = checkout(other);
        const start = await pay.start(user, 'porsche-panamera', Date.now() + 320 * 86_400_000);
        expect((await pay.confirmCard(start)).statusCode).toBe(200);
        const captured = await pay.capture(user, start.paymentIntentId);
        expect(captured.json<{ bookingStatus: string }>().bookingStatus).toBe('confirmed');
        const jobs = startPeriodicJobs(other.app, 3_600_000);
        await jobs.run();
        await jobs.stop();
        // Long enough for a rendering in the background to be stored (about 1.5 s, cold).
        for (let waited = 0; waited < 4_000; waited += 200) {
          const { rows } = await other.db.query('select 1 from contracts where booking_id = $1', [
            start.bookingId,
          ]);
          expect(rows).toHaveLength(0);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } finally {
        await other.close();
      }
    });
  },
);
