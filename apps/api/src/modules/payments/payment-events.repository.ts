import type { Queryable } from '../../db/client';

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
