import type { Queryable } from '../../db/client';
import type { RenderedMail } from './mail-templates';

/**
 * Every mail goes through the outbox table first (DESIGN §5): nothing is lost when the mail
 * server is down; a worker delivers due mails and retries with backoff.
 */
export async function enqueueMail(
  db: Queryable,
  mail: RenderedMail & { to: string; template: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into email_outbox (to_address, subject, html, text, template)
     values ($1, $2, $3, $4, $5) returning id`,
    [mail.to, mail.subject, mail.html, mail.text, mail.template],
  );
  return rows[0]!.id;
}
