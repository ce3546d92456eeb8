import type { MissionDetail, MissionList } from '@vroum/core/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { recordDepositHold } from '../helpers/factories';
import { handoverReport } from '../helpers/operations';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;
let agent: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  agent = await signUpUser(ctx, 'gate.agent@example.fr');
  const added = await call(adminCookie, 'POST', '/api/v1/admin/agents', { email: agent.email });
  expect(added.statusCode, added.body).toBe(200);
});
afterAll(() => ctx.close());

const rental = rentalSteps(
  new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
  () => adminCookie,
);

function call(cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie, origin: ctx.config.site.publicUrl },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function assignedDelivery(): Promise<{ customer: SignedInUser; bookingId: string }> {
  const customer = await signUpUser(ctx);
  const bookingId = await rental.paidBooking(customer);
  const assigned = await call(
    adminCookie,
    'PUT',
    `/api/v1/admin/bookings/${bookingId}/assignment`,
    {
      kind: 'delivery',
      agentId: agent.id,
    },
  );
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { customer, bookingId };
}

const mission = async (bookingId: string, kind = 'delivery') => {
  const response = await call(agent.cookie, 'GET', `/api/v1/agent/missions/${bookingId}/${kind}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MissionDetail>();
};

describe('the agent’s mission says what the handover still waits for', () => {
  it('lists the identity, the contract and the deposit until each is done, as the gate refuses', async () => {
    const { customer, bookingId } = await assignedDelivery();
    expect((await mission(bookingId)).handoverBlockers).toEqual([
      'identity',
      'contract',
      'deposit',
    ]);
    const refused = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/handover`,
      handoverReport,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Remise du véhicule impossible : la vérification d’identité n’est pas validée, le contrat en vigueur n’est pas signé et la caution n’est pas retenue sur la carte.',
    );

    await rental.validateIdentity(customer, bookingId);
    expect((await mission(bookingId)).handoverBlockers).toEqual(['contract', 'deposit']);
    expect((await rental.signCurrentContract(customer, bookingId)).statusCode).toBe(200);
    expect((await mission(bookingId)).handoverBlockers).toEqual(['deposit']);
    await recordDepositHold(ctx.db, bookingId, 350_000);
    const ready = await mission(bookingId);
    expect(ready.handoverBlockers).toEqual([]);
    const list = await call(agent.cookie, 'GET', '/api/v1/agent/missions');
    const listed = list.json<MissionList>().missions.find((m) => m.bookingId === bookingId);
    expect(listed?.handoverBlockers).toEqual([]);

    const handedOver = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/handover`,
      handoverReport,
    );
    expect(handedOver.statusCode, handedOver.body).toBe(200);
    // Once the car is out, nothing blocks anything any more: the gate is the delivery's only.
    expect((await mission(bookingId)).handoverBlockers).toEqual([]);
  });

  it('is empty for a return, which the handover gate does not concern', async () => {
    const { bookingId } = await assignedDelivery();
    await call(adminCookie, 'PUT', `/api/v1/admin/bookings/${bookingId}/assignment`, {
      kind: 'return',
      agentId: agent.id,
    });
    expect((await mission(bookingId, 'return')).handoverBlockers).toEqual([]);
  });
});
