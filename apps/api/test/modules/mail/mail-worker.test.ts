import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import {
  createMailWorker,
  deliverDueMails,
  MAX_ATTEMPTS,
  retryDelayMs,
} from '../../../src/modules/mail/mail-worker';
import { enqueueMail } from '../../../src/modules/mail/mail.repository';
import { createOutboxTransport } from '../../../src/providers/mail/outbox-transport';
import { createSmtpTransport } from '../../../src/providers/mail/smtp-transport';
import { parseMail } from '../../helpers/mime';
import { startSmtpTestServer, type SmtpTestServer } from '../../helpers/smtp-test-server';
import { createTestDatabase } from '../../helpers/test-app';

const log = Fastify({ logger: false }).log;
const credentials = { user: 'relay', password: 'relay-Secret-42' };
let db: Database;
let dropDb: () => Promise<void>;
let server: SmtpTestServer;

beforeAll(async () => {
  ({ db, drop: dropDb } = await createTestDatabase());
  server = await startSmtpTestServer(credentials);
});
afterAll(async () => {
  await server.close();
  await dropDb();
});
beforeEach(async () => {
  await db.query('delete from email_outbox');
  server.received.length = 0;
  server.refuseWith(null);
});

const smtpTo = (port: number) =>
  createSmtpTransport(
    { host: '127.0.0.1', port, secure: false, auth: credentials },
    'no-reply@vroum.fr',
  );

const enqueue = (subject: string, to = 'client@example.fr') =>
  enqueueMail(db, {
    to,
    subject,
    text: `${subject} (texte)`,
    html: `<p>${subject}</p>`,
    template: 'test',
  });

interface Row {
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
}
async function row(id: string): Promise<Row> {
  const { rows } = await db.query<Row>(
    'select status, attempts, next_attempt_at, last_error, sent_at from email_outbox where id = $1',
    [id],
  );
  return rows[0]!;
}

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('deliverDueMails', () => {
  it('sends due mails over SMTP, marks them sent and leaves future ones waiting', async () => {
    const first = await enqueue('Réservation confirmée');
    const second = await enqueue('Facture disponible');
    const later = await enqueue('Rappel de restitution');
    const now = new Date();
    await db.query(`update email_outbox set next_attempt_at = $2 where id = $1`, [
      later,
      at(now, 3_600_000),
    ]);

    const transport = smtpTo(server.port);
    const report = await deliverDueMails(db, transport, log, now);
    transport.close?.();

    expect(report).toEqual({ claimed: 2, sent: 2, retrying: 0, failed: 0 });
    expect(server.received.map((mail) => parseMail(mail.raw).subject).sort()).toEqual([
      'Facture disponible',
      'Réservation confirmée',
    ]);
    for (const id of [first, second]) {
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, sent_at: now });
    }
    expect(await row(later)).toMatchObject({ status: 'pending', attempts: 0, sent_at: null });
  });

  it('retries with exponential backoff while the server refuses, then delivers', async () => {
    const id = await enqueue('Votre code de vérification');
    const transport = smtpTo(server.port);
    server.refuseWith({ code: 451, message: 'Service momentanément indisponible' });
    const t0 = new Date();

    expect((await deliverDueMails(db, transport, log, t0)).retrying).toBe(1);
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: at(t0, 30_000),
      last_error: expect.stringContaining('451 Service momentanément indisponible'),
    });

    expect((await deliverDueMails(db, transport, log, at(t0, 29_000))).claimed).toBe(0);
    await deliverDueMails(db, transport, log, at(t0, 30_000));
    expect(await row(id)).toMatchObject({ attempts: 2, next_attempt_at: at(t0, 90_000) });

    server.refuseWith(null);
    expect((await deliverDueMails(db, transport, log, at(t0, 90_000))).sent).toBe(1);
    transport.close?.();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(server.received).toHaveLength(1);
  });

  it('gives up after the last attempt when the server stays unreachable', async () => {
    await server.close();
    const id = await enqueue('Contrat à signer');
    const transport = smtpTo(server.port);
    let now = new Date();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await deliverDueMails(db, transport, log, now);
      const after = await row(id);
      expect(after.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) delays.push(after.next_attempt_at.getTime() - now.getTime());
      now = after.next_attempt_at;
    }
    transport.close?.();
    server = await startSmtpTestServer(credentials);

    expect(delays.map((ms) => ms / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      last_error: expect.stringContaining('ECONNREFUSED'),
    });
    expect((await deliverDueMails(db, transport, log, at(now, 86_400_000))).claimed).toBe(0);
  });

  it('never sends one mail twice when two workers run at once', async () => {
    for (let index = 1; index <= 15; index += 1) await enqueue(`Message ${index}`);
    const transport = smtpTo(server.port);
    const reports = await Promise.all([
      deliverDueMails(db, transport, log),
      deliverDueMails(db, transport, log),
    ]);
    transport.close?.();

    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(15);
    const subjects = server.received.map((mail) => parseMail(mail.raw).subject);
    expect(subjects).toHaveLength(15);
    expect(new Set(subjects).size).toBe(15);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 30 seconds and never waits more than an hour', () => {
    expect([1, 2, 3, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('mail worker', () => {
  it('delivers a mail as soon as it is enqueued, without waiting for the next poll', async () => {
    const worker = createMailWorker({
      db,
      transport: createOutboxTransport(),
      log,
      intervalMs: 3_600_000,
    });
    await worker.start();
    const id = await enqueue('Bienvenue chez Vroum Prestige');
    await expect.poll(async () => (await row(id)).status, { timeout: 2_000 }).toBe('sent');
    await worker.stop();
  });
});
