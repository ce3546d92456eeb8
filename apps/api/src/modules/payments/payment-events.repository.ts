import type { Queryable } from '../../db/client';

/**
 * Records a provider's event once (a replay changes nothing) and tells whether it was already
 * processed.
 */
export async function recordPaymentEvent(
  db: Queryable,
  provider: string,
  event: { id: string; type: string },
): Promise<{ processed: boolean }> {
  await db.query(
    `insert into payment_events (provider, event_id, type) values ($1, $2, $3)
     on conflict (provider, event_id) do nothing`,
    [provider, event.id, event.type],
  );
  const { rows } = await db.query<{ processed_at: Date | null }>(
    `select processed_at from payment_events where provider = $1 and event_id = $2`,
    [provider, event.id],
  );
  return { processed: Boolean(rows[0]?.processed_at) };
}

export async function markPaymentEventProcessed(
  db: Queryable,
  provider: string,
  eventId: string,
): Promise<void> {
  await db.query(
    `update payment_events set processed_at = now() where provider = $1 and event_id = $2`,
    [provider, eventId],
  );
}

/** The booking and kind (rental or deposit) of a provider's payment intent, if it is ours. */
export async function findPaymentByIntent(
  db: Queryable,
  provider: string,
  intentId: string,
): Promise<{ booking_id: string; kind: 'rental' | 'deposit' } | null> {
  const { rows } = await db.query<{ booking_id: string; kind: 'rental' | 'deposit' }>(
    'select booking_id, kind from payments where provider = $1 and provider_ref = $2',
    [provider, intentId],
  );
  return rows[0] ?? null;
}
