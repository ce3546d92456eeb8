import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../../db/client';
import { IdempotencyConflictError, type PaymentIntent } from '../payment-provider';
import { SandboxError } from './sandbox-error';

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * Replays the first answer for a key; refuses the same key with other parameters. The key is
 * claimed before the operation runs, so that two requests racing with one key (a retry and the
 * original) run it once: the second waits for the first's answer (about two seconds at most,
 * then a 409 as Stripe answers). The operation and its recorded answer are one transaction: a
 * crash between them undoes both, never leaving money moved without its answer. A failed
 * operation gives the key back; a claim left by a crash is taken over after 30 seconds (an
 * operation is a few statements, each stopped by the database's statement timeout well before).
 */
export async function runOnce(
  db: Database,
  key: string,
  request: unknown,
  run: (q: Queryable) => Promise<PaymentIntent>,
  replay: (intentId: string) => Promise<PaymentIntent>,
): Promise<PaymentIntent> {
  const requestHash = hashOf(request);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (await claim(db, key, requestHash)) return runClaimed(db, key, run);
    const { rows } = await db.query<{ request_hash: string; response: { id?: string } }>(
      'select request_hash, response from sandbox_idempotency where key = $1',
      [key],
    );
    const previous = rows[0];
    if (previous && previous.request_hash !== requestHash) {
      throw new SandboxError('idempotency_error', 'Idempotency key reused with other parameters');
    }
    if (previous?.response.id) return replay(previous.response.id);
    // Still running elsewhere (or just given back): ask again shortly.
    if (previous) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new IdempotencyConflictError();
}

/** Takes the key: a new one, or one whose claim a crash left behind. */
async function claim(db: Database, key: string, requestHash: string): Promise<boolean> {
  const { rows } = await db.query(
    `insert into sandbox_idempotency (key, request_hash, response) values ($1, $2, '{}')
       on conflict (key) do update set created_at = now(), request_hash = excluded.request_hash
         where sandbox_idempotency.response = '{}'
           and sandbox_idempotency.created_at < now() - interval '30 seconds'
       returning key`,
    [key, requestHash],
  );
  return rows.length === 1;
}

async function runClaimed(
  db: Database,
  key: string,
  run: (q: Queryable) => Promise<PaymentIntent>,
) {
  try {
    return await db.transaction(async (tx) => {
      const intent = await run(tx);
      await tx.query('update sandbox_idempotency set response = $2 where key = $1', [
        key,
        JSON.stringify({ id: intent.id }),
      ]);
      return intent;
    });
  } catch (error) {
    await db.query('delete from sandbox_idempotency where key = $1', [key]);
    throw error;
  }
}
