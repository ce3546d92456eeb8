import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/providers/storage/local-storage';
import type { ObjectStorage } from '../../src/providers/storage/object-storage';
import { signIn, signUpUser } from '../helpers/auth';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * The embedded database has one session: a transaction left open while the server writes a
 * file (or renders a PDF) makes every other request wait for it. Contracts are rendered, sealed
 * and stored before their transaction, which then only records them.
 */
let ctx: TestContext;
let adminCookie: string;
/** While set, storing a contract's file waits until the test lets it through. */
let holdContractFiles: Promise<void> | undefined;
let contractFileWaiting: () => void = () => {};

const files = createLocalStorage(mkdtempSync(join(tmpdir(), 'vroum-contract-files-')));
const slowStorage: ObjectStorage = {
  name: files.name,
  async put(key, body, contentType) {
    if (key.startsWith('contracts/') && holdContractFiles) {
      contractFileWaiting();
      await holdContractFiles;
    }
    return files.put(key, body, contentType);
  },
  get: (key) => files.get(key),
  delete: (key) => files.delete(key),
};

beforeAll(async () => {
  ctx = await createTestApp({}, { storage: slowStorage });
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
});
afterAll(() => ctx.close());

const { paidBooking, validateIdentity, signCurrentContract, headers } = rentalSteps(
  new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
  () => adminCookie,
);

/** Runs `request` with contract files held, and checks the database answers meanwhile. */
async function databaseAnswersWhileStoring<T>(request: () => Promise<T>): Promise<T> {
  let letThrough = () => {};
  holdContractFiles = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  const waiting = new Promise<void>((resolve) => {
    contractFileWaiting = resolve;
  });
  const answer = request();
  await waiting;
  const other = ctx.db.query<{ n: number }>('select count(*)::int as n from vehicles');
  const outcome = await Promise.race([
    other.then(() => 'answered' as const),
    new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2_000)),
  ]);
  holdContractFiles = undefined;
  letThrough();
  await other;
  expect(outcome).toBe('answered');
  return answer;
}

describe('a contract file being stored', () => {
  it('holds no transaction while the contract to sign is stored', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    await validateIdentity(user, bookingId);
    const contract = await databaseAnswersWhileStoring(() =>
      ctx.app.inject({
        url: `/api/v1/bookings/${bookingId}/contract`,
        headers: headers(user.cookie),
      }),
    );
    expect(contract.statusCode, contract.body).toBe(200);
  });

  it('holds no transaction while the signed contract is stored, and signs it once', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    await validateIdentity(user, bookingId);
    expect(
      (
        await ctx.app.inject({
          url: `/api/v1/bookings/${bookingId}/contract`,
          headers: headers(user.cookie),
        })
      ).statusCode,
    ).toBe(200);
    const signed = await databaseAnswersWhileStoring(() => signCurrentContract(user, bookingId));
    expect(signed.statusCode, signed.body).toBe(200);
    const { rows } = await ctx.db.query<{ status: string }>(
      'select status from contracts where booking_id = $1 order by version',
      [bookingId],
    );
    expect(rows.map((row) => row.status)).toEqual(['signed']);
  });
});
