import type { Queryable } from '../../db/client';

/** The inbox of a port's webhooks: who sends them. */
export type WebhookPort = 'payment' | 'identity' | 'signature';

/** One event in the inbox: its port, its provider and the provider's id of it. */
export interface EventKey {
  port: WebhookPort;
  provider: string;
  eventId: string;
}

export interface ClaimedEvent {
  type: string;
  objectId: string | null;
  attempts: number;
}

const KEY = 'port = $1 and provider = $2 and event_id = $3';
const keyParams = (key: EventKey) => [key.port, key.provider, key.eventId];

/**
 * Records a verified event once (a redelivery changes nothing but an object id the row lacked).
 * Until it is claimed, the retry job leaves it to the delivery that recorded it for `graceMs`.
 */
export async function recordProviderEvent(
  db: Queryable,
  key: EventKey,
  event: { type: string; objectId: string | null },
  graceMs: number,
): Promise<void> {
  await db.query(
    `insert into provider_events (port, provider, event_id, type, object_id, next_attempt_at)
     values ($1, $2, $3, $4, $5, now() + $6 * interval '1 millisecond')
     on conflict (port, provider, event_id) do update set object_id = excluded.object_id
      where provider_events.object_id is null and excluded.object_id is not null`,
    [...keyParams(key), event.type, event.objectId, graceMs],
  );
}

/**
 * Takes an unprocessed event for one attempt, until `leaseMs` from now (should the attempt never
 * report, the job takes the event back then). 'processed' when it was handled already, 'busy'
 * while another delivery or the job holds it.
 */
export async function claimProviderEvent(
  db: Queryable,
  key: EventKey,
  leaseMs: number,
): Promise<ClaimedEvent | 'processed' | 'busy'> {
  const { rows } = await db.query<{ type: string; object_id: string | null; attempts: number }>(
    `update provider_events
        set attempts = attempts + 1,
            locked_until = now() + $4 * interval '1 millisecond',
            next_attempt_at = now() + $4 * interval '1 millisecond'
      where ${KEY} and processed_at is null
        and (locked_until is null or locked_until <= now())
     returning type, object_id, attempts`,
    [...keyParams(key), leaseMs],
  );
  const claimed = rows[0];
  if (claimed)
    return { type: claimed.type, objectId: claimed.object_id, attempts: claimed.attempts };
  const current = await db.query<{ processed: boolean }>(
    `select processed_at is not null as processed from provider_events where ${KEY}`,
    keyParams(key),
  );
  return current.rows[0]?.processed === false ? 'busy' : 'processed';
}

export async function markEventProcessed(
  db: Queryable,
  key: EventKey,
  outcome: 'handled' | 'ignored',
): Promise<void> {
  await db.query(
    `update provider_events
        set processed_at = now(), outcome = $4, last_error = null, next_attempt_at = null,
            locked_until = null
      where ${KEY}`,
    [...keyParams(key), outcome],
  );
}

/** The attempt failed: the error is kept and the job may try again after `retryInMs`. */
export async function markEventFailed(
  db: Queryable,
  key: EventKey,
  error: string,
  retryInMs: number,
): Promise<void> {
  await db.query(
    `update provider_events
        set last_error = $4, next_attempt_at = now() + $5 * interval '1 millisecond',
            locked_until = null
      where ${KEY}`,
    [...keyParams(key), error, retryInMs],
  );
}

/** The port's unprocessed events whose retry is due, oldest due first. */
export async function findDueProviderEvents(
  db: Queryable,
  port: WebhookPort,
  provider: string,
  options: { maxAttempts: number; limit: number },
): Promise<EventKey[]> {
  const { rows } = await db.query<{ event_id: string }>(
    `select event_id from provider_events
      where port = $1 and provider = $2 and processed_at is null and next_attempt_at <= now()
        and attempts < $3 and (locked_until is null or locked_until <= now())
      order by next_attempt_at
      limit $4`,
    [port, provider, options.maxAttempts, options.limit],
  );
  return rows.map((row) => ({ port, provider, eventId: row.event_id }));
}
