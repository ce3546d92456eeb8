import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@vroum/core/live-events';
import type { Database } from '../../src/db/client';
import { createEventHub, type EventScope } from '../../src/modules/events/event-hub';
import { createNotification } from '../../src/modules/notifications/notifications.repository';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { findVehicleId } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let alice: SignedInUser;
let bruno: SignedInUser;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUpUser(ctx, 'alice@example.fr');
  bruno = await signUpUser(ctx, 'bruno@example.fr');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Opens GET /api/v1/events over a real connection (its own socket, no pool) and reads it as
 * EventSource would. Resolves once the server has said the subscription is active.
 */
async function openEventStream(cookie: string) {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get(`${baseUrl}/api/v1/events`, { headers: { cookie }, agent: false }, resolve).on(
      'error',
      reject,
    );
  });
  response.setEncoding('utf8');
  const chunks = response[Symbol.asyncIterator]() as AsyncIterator<string>;
  let buffer = '';
  const events: ServerSentEvent[] = [];
  const comments: string[] = [];

  async function readBlock(): Promise<void> {
    let end = buffer.indexOf('\n\n');
    while (end === -1) {
      const { value, done } = await chunks.next();
      if (done) throw new Error('the stream ended');
      buffer += value;
      end = buffer.indexOf('\n\n');
    }
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const event: ServerSentEvent = { event: 'message', data: '' };
    let isEvent = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) [isEvent, event.event] = [true, line.slice(7)];
      else if (line.startsWith('data: ')) [isEvent, event.data] = [true, line.slice(6)];
    }
    if (isEvent) events.push(event);
  }

  /** Reads until an event satisfies `predicate`, within 5 s. */
  async function waitFor(predicate: (event: ServerSentEvent) => boolean) {
    const deadline = setTimeout(() => response.destroy(new Error('no such event')), 5_000);
    try {
      while (!events.some(predicate)) await readBlock();
    } finally {
      clearTimeout(deadline);
    }
    return events.find(predicate)!;
  }

  if (response.statusCode === 200) while (!comments.includes('connected')) await readBlock();
  return { response, events, waitFor, close: () => response.destroy() };
}

const parse = (event: ServerSentEvent) => JSON.parse(event.data) as LiveEvent;

describe('GET /api/v1/events', () => {
  it('refuses an anonymous caller with 401', async () => {
    const response = await ctx.app.inject('/api/v1/events');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('streams text/event-stream, uncached and unbuffered by proxies', async () => {
    const stream = await openEventStream(alice.cookie);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    });
    stream.close();
  });

  it('delivers a notification created for the user, not one created for another user', async () => {
    const stream = await openEventStream(alice.cookie);
    const forBruno = await createNotification(ctx.db, {
      userId: bruno.id,
      title: 'Pour Bruno',
      message: 'Votre véhicule est en route.',
    });
    const forAlice = await createNotification(ctx.db, {
      userId: alice.id,
      title: 'Pour Alice',
      message: 'Votre véhicule est en route.',
    });
    const event = await stream.waitFor((e) => e.event === 'notifications');
    // NOTIFY follows commit order: Bruno's change, had it been sent, would have come first.
    expect(stream.events).toHaveLength(1);
    expect(event).toEqual({
      event: 'notifications',
      data: JSON.stringify({ table: 'notifications', op: 'insert', id: forAlice.id }),
    });
    expect(event.data).not.toContain(forBruno.id);
    // What the row holds never travels in the event: the browser re-reads it.
    expect(event.data).not.toContain('Pour Alice');
    stream.close();
  });

  it('delivers the user’s favourite changes, with the vehicle id', async () => {
    const vehicleId = await findVehicleId(ctx.db, 'mclaren-720s');
    const stream = await openEventStream(alice.cookie);
    const headers = { cookie: alice.cookie, origin: ctx.config.site.publicUrl };
    await ctx.app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${vehicleId}`, headers });
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/me/favorites/${vehicleId}`, headers });
    await stream.waitFor((e) => e.event === 'favorites' && parse(e).op === 'delete');
    expect(stream.events.map(parse)).toEqual([
      { table: 'favorites', op: 'insert', id: vehicleId },
      { table: 'favorites', op: 'delete', id: vehicleId },
    ]);
    stream.close();
  });

  it('forgets the subscription when the client goes away', async () => {
    await vi.waitFor(() => expect(ctx.app.liveEvents.subscriberCount()).toBe(0));
    const stream = await openEventStream(bruno.cookie);
    expect(ctx.app.liveEvents.subscriberCount()).toBe(1);
    stream.close();
    await vi.waitFor(() => expect(ctx.app.liveEvents.subscriberCount()).toBe(0));
  });
});

describe('event hub', () => {
  /** A database whose only ability is LISTEN: the test plays the NOTIFY. */
  function fakeDatabase() {
    let notify: (payload: string) => void = () => undefined;
    const unlisten = vi.fn(async () => undefined);
    const listen = vi.fn(async (_channel: string, onPayload: (payload: string) => void) => {
      notify = onPayload;
      return unlisten;
    });
    const db = { listen } as unknown as Database;
    return { db, listen, unlisten, notify: (change: object) => notify(JSON.stringify(change)) };
  }

  const log = { warn: vi.fn() } as never;
  const ALICE = '11111111-1111-4111-8111-111111111111';
  const BRUNO = '22222222-2222-4222-8222-222222222222';
  const ROW = '33333333-3333-4333-8333-333333333333';

  function subscriber() {
    return {
      received: [] as LiveEvent[],
      closed: false,
      onEvent(event: LiveEvent) {
        this.received.push(event);
      },
      onClose() {
        this.closed = true;
      },
    };
  }

  it('listens once, and sends each change only to the scopes it concerns', async () => {
    const { db, listen, notify } = fakeDatabase();
    const hub = createEventHub(db, log);
    const subscribers = new Map<string, ReturnType<typeof subscriber>>();
    const scopes: [string, EventScope][] = [
      ['alice', { kind: 'user', userId: ALICE }],
      ['alice on a second tab', { kind: 'user', userId: ALICE }],
      ['bruno', { kind: 'user', userId: BRUNO }],
      ['admin', { kind: 'admin' }],
    ];
    for (const [name, scope] of scopes) {
      const s = subscriber();
      subscribers.set(name, s);
      await hub.subscribe(scope, s);
    }
    expect(listen).toHaveBeenCalledTimes(1);

    notify({ table: 'notifications', op: 'insert', id: ROW, user_id: ALICE });
    notify({ table: 'bookings', op: 'update', id: ROW, user_id: BRUNO });
    notify({ table: 'bookings', op: 'insert', id: ROW, user_id: null });
    notify({ table: 'favorites', op: 'delete', id: ROW, user_id: BRUNO });
    notify({ table: 'users', op: 'insert', id: ROW, user_id: ALICE });
    notify({ nonsense: true });

    const received = (name: string) =>
      subscribers.get(name)!.received.map((e) => e.table + ':' + e.op);
    expect(received('alice')).toEqual(['notifications:insert']);
    expect(received('alice on a second tab')).toEqual(['notifications:insert']);
    expect(received('bruno')).toEqual(['bookings:update', 'favorites:delete']);
    expect(received('admin')).toEqual(['bookings:update', 'bookings:insert']);
  });

  it('stops delivering after unsubscribe, and ends every stream on close', async () => {
    const { db, unlisten, notify } = fakeDatabase();
    const hub = createEventHub(db, log);
    const leaving = subscriber();
    const staying = subscriber();
    const unsubscribe = await hub.subscribe({ kind: 'user', userId: ALICE }, leaving);
    await hub.subscribe({ kind: 'user', userId: ALICE }, staying);
    unsubscribe();
    notify({ table: 'favorites', op: 'insert', id: ROW, user_id: ALICE });
    expect(leaving.received).toEqual([]);
    expect(staying.received).toHaveLength(1);

    await hub.close();
    expect(staying.closed).toBe(true);
    expect(hub.subscriberCount()).toBe(0);
    expect(unlisten).toHaveBeenCalledTimes(1);
    await expect(hub.subscribe({ kind: 'admin' }, subscriber())).rejects.toThrow();
  });
});
