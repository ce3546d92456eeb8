import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityReviewQueue, MyIdentity, RentalSteps } from '@vroum/core/rental-steps';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
});
afterAll(() => ctx.close());

const { paidBooking, headers, uploadFile, uploadIdentityFiles, steps, submit, queue, decide } =
  rentalSteps(
    new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
    () => adminCookie,
  );

const myIdentity = async (user: SignedInUser) =>
  (
    await ctx.app.inject({ url: '/api/v1/me/identity', headers: headers(user.cookie) })
  ).json<MyIdentity>();

/** A customer whose first check the team refused with `decision`. */
async function refusedCustomer(decision: Record<string, unknown>) {
  const user = await signUpUser(ctx);
  const bookingId = await paidBooking(user);
  await uploadIdentityFiles(user);
  expect((await submit(user, bookingId)).statusCode).toBe(200);
  const item = (await queue(user.id)).json<IdentityReviewQueue>().items[0]!;
  expect((await decide(item.checkId, { decision: 'reject', ...decision })).statusCode).toBe(204);
  return { user, bookingId };
}

describe('an identity sent again after a refusal', () => {
  it('is refused until each refused document is a new file, and says which and why', async () => {
    const { user, bookingId } = await refusedCustomer({
      reason: 'unreadable',
      note: 'Le verso est flou',
      files: ['licence_back'],
    });
    expect((await steps(user.cookie, bookingId)).json<RentalSteps>().identity).toMatchObject({
      state: 'refused',
      reason: 'Document illisible ou incomplet : Le verso est flou',
      refusedFiles: ['licence_back'],
    });
    expect(await myIdentity(user)).toEqual({
      refusal: {
        bookingId,
        reason: 'Document illisible ou incomplet : Le verso est flou',
        refusedFiles: ['licence_back'],
      },
    });

    // The three text fields alone: the same illegible verso would go back to the team.
    const same = await submit(user, bookingId);
    expect(same.statusCode).toBe(422);
    expect(same.json().error).toMatchObject({
      code: 'refused_documents_not_replaced',
      message:
        'Envoyez un nouveau fichier pour\u00a0: permis de conduire — verso. Le précédent a été refusé (Document illisible ou incomplet : Le verso est flou).',
    });

    // A new recto does not replace the refused verso.
    await uploadFile(user, 'driver_license', 'front');
    expect((await submit(user, bookingId)).statusCode).toBe(422);

    await uploadFile(user, 'driver_license', 'back');
    expect((await submit(user, bookingId)).json()).toMatchObject({
      state: 'in_review',
      refusedFiles: [],
    });
    expect(await myIdentity(user)).toEqual({ refusal: null });
  });

  it('asks for the files the reason names when the team ticked none', async () => {
    const { user, bookingId } = await refusedCustomer({ reason: 'unreadable' });
    expect((await steps(user.cookie, bookingId)).json<RentalSteps>().identity.refusedFiles).toEqual(
      ['id_card', 'licence_front', 'licence_back'],
    );
    await uploadFile(user, 'driver_license', 'back');
    const answer = await submit(user, bookingId);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toContain('pièce d’identité, permis de conduire — recto.');
  });

  it('asks for nothing new when the rental conditions were not met', async () => {
    const { user, bookingId } = await refusedCustomer({ reason: 'conditions_not_met' });
    expect((await submit(user, bookingId)).json()).toMatchObject({ state: 'in_review' });
  });

  it('refuses a file the check does not have', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    await uploadIdentityFiles(user);
    await submit(user, bookingId);
    const item = (await queue(user.id)).json<IdentityReviewQueue>().items[0]!;
    const answer = await decide(item.checkId, {
      decision: 'reject',
      reason: 'unreadable',
      files: ['passport'],
    });
    expect(answer.statusCode).toBe(400);
  });
});
