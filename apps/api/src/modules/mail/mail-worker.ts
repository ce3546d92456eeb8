import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/client';
import type { MailTransport } from '../../providers/mail/mail-transport';
import { claimDueMails, markMailFailed, markMailSent } from './mail-delivery.repository';
import { MAIL_OUTBOX_CHANNEL } from './mail.repository';
import { startScheduler, type Scheduler } from '../../lib/scheduler';

/** The 8th failed attempt marks the mail failed. */
export const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 10;
const FIRST_RETRY_DELAY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 3_600_000;
/** Longer than any send may take (see the SMTP timeouts): nobody else takes the row meanwhile. */
const CLAIM_MS = 5 * 60_000;
const POLL_INTERVAL_MS = 5_000;

/** Delay before the next attempt, after `attempts` failed ones: 30 s, 1 min, 2 min… up to 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS);
}

export interface DeliveryReport {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends one batch of due mails through the transport and records each outcome. `now` stands for
 * the clock (tests move it forward); by default every timestamp is the current time.
 */
export async function deliverDueMails(
  db: Queryable,
  transport: MailTransport,
  log: FastifyBaseLogger,
  now?: Date,
): Promise<DeliveryReport> {
  const clock = () => now ?? new Date();
  const start = clock();
  const mails = await claimDueMails(db, {
    now: start,
    claimUntil: new Date(start.getTime() + CLAIM_MS),
    limit: BATCH_SIZE,
  });
  const report: DeliveryReport = { claimed: mails.length, sent: 0, retrying: 0, failed: 0 };
  for (const { id, attempts, ...mail } of mails) {
    try {
      const { messageId } = await transport.send(mail);
      await markMailSent(db, id, clock());
      report.sent += 1;
      log.info({ mailId: id, transport: transport.name, messageId }, 'mail sent');
    } catch (error) {
      const giveUp = attempts >= MAX_ATTEMPTS;
      const retryAt = giveUp ? null : new Date(clock().getTime() + retryDelayMs(attempts));
      const reason = describeFailure(error);
      await markMailFailed(db, id, { error: reason, retryAt });
      report[giveUp ? 'failed' : 'retrying'] += 1;
      log.warn(
        { mailId: id, transport: transport.name, attempts, retryAt, reason },
        giveUp ? 'mail delivery given up' : 'mail delivery failed, will retry',
      );
    }
  }
  return report;
}

/** Transports keep secrets out of their errors; the message is stored for administrators. */
function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}

export interface MailWorker {
  /** Delivers now, then every few seconds and whenever a mail is enqueued (on any instance). */
  start(): Promise<void>;
  /** Asks for a delivery run soon; cheap, and coalesced with a run already under way. */
  kick(): void;
  /** Stops the timer and waits for the run under way. */
  stop(): Promise<void>;
}

export function createMailWorker({
  db,
  transport,
  log,
  intervalMs = POLL_INTERVAL_MS,
}: {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): MailWorker {
  let active = false;
  let scheduler: Scheduler | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  async function deliver(): Promise<void> {
    let report: DeliveryReport;
    do {
      report = await deliverDueMails(db, transport, log);
      // A full batch means more may be due: keep going.
    } while (active && report.claimed === BATCH_SIZE);
  }

  function kick(): void {
    if (active) void scheduler?.run();
  }

  return {
    async start() {
      if (active) return;
      active = true;
      scheduler = startScheduler(deliver, {
        everyMs: intervalMs,
        log,
        failure: 'mail delivery run failed',
      });
      unlisten = await db.listen(MAIL_OUTBOX_CHANNEL, kick);
      log.info({ transport: transport.name }, 'mail delivery worker started');
      kick();
    },
    kick,
    async stop() {
      active = false;
      await unlisten?.();
      await scheduler?.stop();
      transport.close?.();
    },
  };
}
