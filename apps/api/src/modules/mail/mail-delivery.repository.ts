import type { Queryable } from '../../db/client';

/** A mail claimed for one delivery attempt; attempts already counts this one. */
export interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
}

/**
 * Claims up to `limit` due pending mails for this worker. SKIP LOCKED lets workers of several
 * instances claim at once without waiting for or taking each other's rows, and moving
 * next_attempt_at to `claimUntil` keeps the rows out of everyone's reach while this worker sends
 * them. If the worker dies mid-send, the mail is due again at `claimUntil` (sent at least once).
 */
export async function claimDueMails(
  db: Queryable,
  { now, claimUntil, limit }: { now: Date; claimUntil: Date; limit: number },
): Promise<ClaimedMail[]> {
  // The claim is a CTE (not `id in (…)`), so the locked rows are exactly the ones updated.
  // `greatest(…, now())`: a mail enqueued in the same millisecond as the worker's JavaScript
  // clock reading (PostgreSQL keeps microseconds) is due too.
  const { rows } = await db.query<ClaimedMail>(
    `with due as (
       select id from email_outbox
        where status = 'pending' and next_attempt_at <= greatest($1::timestamptz, now())
        order by next_attempt_at
        limit $3
        for update skip locked
     )
     update email_outbox o set attempts = o.attempts + 1, next_attempt_at = $2
       from due where o.id = due.id
     returning o.id, o.to_address as "to", o.subject, o.html, o.text, o.attempts`,
    [now, claimUntil, limit],
  );
  return rows;
}

export async function markMailSent(db: Queryable, id: string, sentAt: Date): Promise<void> {
  await db.query(
    `update email_outbox set status = 'sent', sent_at = $2, last_error = null where id = $1`,
    [id, sentAt],
  );
}

/** Records a failed attempt: retried at `retryAt`, or given up for good when it is null. */
export async function markMailFailed(
  db: Queryable,
  id: string,
  { error, retryAt }: { error: string; retryAt: Date | null },
): Promise<void> {
  await db.query(
    `update email_outbox
        set status = case when $3::timestamptz is null then 'failed' else 'pending' end,
            next_attempt_at = coalesce($3, next_attempt_at),
            last_error = $2
      where id = $1`,
    [id, error, retryAt],
  );
}
