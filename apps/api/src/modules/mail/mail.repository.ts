import type { OutboxMail, OutboxMailSummary } from '@vroum/core/mail';
import type { Queryable } from '../../db/client';
import type { RenderedMail } from './mail-templates';

/** NOTIFY channel on which every enqueue wakes the delivery workers of every instance. */
export const MAIL_OUTBOX_CHANNEL = 'email_outbox';

export type NewMail = RenderedMail & { to: string; template: string };

/**
 * Every mail goes through the outbox table first: nothing is lost when the mail
 * server is down; a worker delivers due mails and retries with backoff.
 */
export async function enqueueMail(db: Queryable, mail: NewMail): Promise<string> {
  const id = await insertMail(db, mail, null);
  return id!;
}

/** Enqueues the mail unless one with the same key was ever enqueued; true when it was queued. */
export async function enqueueMailOnce(
  db: Queryable,
  dedupeKey: string,
  mail: NewMail,
): Promise<boolean> {
  return (await insertMail(db, mail, dedupeKey)) !== undefined;
}

async function insertMail(
  db: Queryable,
  mail: NewMail,
  dedupeKey: string | null,
): Promise<string | undefined> {
  // One statement: the NOTIFY is delivered when the row is committed, never before.
  const { rows } = await db.query<{ id: string }>(
    `with inserted as (
       insert into email_outbox (to_address, subject, html, text, template, dedupe_key)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (dedupe_key) do nothing
       returning id
     )
     select id, pg_notify('${MAIL_OUTBOX_CHANNEL}', '') from inserted`,
    [mail.to, mail.subject, mail.html, mail.text, mail.template, dedupeKey],
  );
  return rows[0]?.id;
}

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  template: string;
  status: OutboxMailSummary['status'];
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
}

const SUMMARY_COLUMNS = 'id, to_address, subject, template, status, attempts, created_at, sent_at';

const toSummary = (row: OutboxRow): OutboxMailSummary => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  template: row.template,
  status: row.status,
  attempts: row.attempts,
  createdAt: row.created_at.toISOString(),
  sentAt: row.sent_at?.toISOString() ?? null,
});

export async function listOutboxMails(
  db: Queryable,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ mails: OutboxMailSummary[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<OutboxRow>(
      `select ${SUMMARY_COLUMNS} from email_outbox order by created_at desc, id desc
        limit $1 offset $2`,
      [pageSize, (page - 1) * pageSize],
    ),
    db.query<{ total: number }>('select count(*)::int as total from email_outbox'),
  ]);
  return { mails: list.rows.map(toSummary), total: count.rows[0]?.total ?? 0 };
}

export async function findOutboxMail(db: Queryable, id: string): Promise<OutboxMail | null> {
  const { rows } = await db.query<
    OutboxRow & { last_error: string | null; text: string; html: string }
  >(`select ${SUMMARY_COLUMNS}, last_error, text, html from email_outbox where id = $1`, [id]);
  const row = rows[0];
  if (!row) return null;
  return { ...toSummary(row), lastError: row.last_error, text: row.text, html: row.html };
}
