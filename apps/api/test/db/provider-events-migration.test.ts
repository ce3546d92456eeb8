import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { createTestDatabase } from '../helpers/test-app';

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

/** The two tables as they were before the inbox, with a few rows each. */
async function tablesBeforeTheInbox() {
  await db.exec(`
    drop table provider_events;
    create table payment_events (
      provider text not null,
      event_id text not null,
      type text not null,
      received_at timestamptz not null default now(),
      processed_at timestamptz,
      primary key (provider, event_id)
    );
    create table provider_events (
      provider text not null,
      event_id text not null,
      received_at timestamptz not null default now(),
      primary key (provider, event_id)
    );
    insert into payment_events (provider, event_id, type, received_at, processed_at) values
      ('stripe', 'evt_paid', 'payment_intent.succeeded', now() - interval '1 day', now()),
      ('stripe', 'evt_failed', 'payment_intent.canceled', now() - interval '1 hour', null);
    insert into provider_events (provider, event_id, received_at) values
      ('stripe', 'evt_identity_old', now() - interval '10 days'),
      ('stripe', 'evt_identity_recent', now() - interval '1 hour'),
      ('yousign', 'ys-recent', now() - interval '2 hours');
  `);
}

describe('migration 0023: one table of provider events', () => {
  it('moves the payment events and the identity and signature claims into the inbox', async () => {
    await tablesBeforeTheInbox();
    await db.exec(
      await readFile(
        new URL('../../src/db/migrations/0023_provider_event_inbox.sql', import.meta.url),
        'utf8',
      ),
    );
    const { rows } = await db.query<{
      port: string;
      provider: string;
      event_id: string;
      type: string;
      processed: boolean;
      next_attempt_at: Date | null;
    }>(
      `select port, provider, event_id, type, processed_at is not null as processed,
              next_attempt_at
         from provider_events order by port, event_id`,
    );
    expect(rows).toEqual([
      // Claimed long ago: closed. Claimed recently: open to the provider's redelivery, which
      // brings the session or request to re-read (the job has nothing to retry them with).
      {
        port: 'identity',
        provider: 'stripe',
        event_id: 'evt_identity_old',
        type: '',
        processed: true,
        next_attempt_at: null,
      },
      {
        port: 'identity',
        provider: 'stripe',
        event_id: 'evt_identity_recent',
        type: '',
        processed: false,
        next_attempt_at: null,
      },
      {
        port: 'payment',
        provider: 'stripe',
        event_id: 'evt_failed',
        type: 'payment_intent.canceled',
        processed: false,
        next_attempt_at: null,
      },
      {
        port: 'payment',
        provider: 'stripe',
        event_id: 'evt_paid',
        type: 'payment_intent.succeeded',
        processed: true,
        next_attempt_at: null,
      },
      {
        port: 'signature',
        provider: 'yousign',
        event_id: 'ys-recent',
        type: '',
        processed: false,
        next_attempt_at: null,
      },
    ]);
    const old = await db.query(`select to_regclass('payment_events') as name`);
    expect(old.rows).toEqual([{ name: null }]);
  });
});
