import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { createMailTransport } from '../../../src/providers/mail/create-mail-transport';
import type { MailTransport } from '../../../src/providers/mail/mail-transport';
import { createSmtpTransport } from '../../../src/providers/mail/smtp-transport';
import { parseMail } from '../../helpers/mime';
import { startSmtpTestServer, type SmtpTestServer } from '../../helpers/smtp-test-server';

const credentials = { user: 'vroum-relay', password: 'relay-Secret-42' };
let server: SmtpTestServer;
beforeAll(async () => {
  server = await startSmtpTestServer(credentials);
});
afterAll(() => server.close());

const smtpSettings = (password = credentials.password) => ({
  host: '127.0.0.1',
  port: server.port,
  secure: false,
  auth: { user: credentials.user, password },
});

const mail = {
  to: 'helene.dupre@example.fr',
  subject: 'Votre réservation à Paris est confirmée – à très bientôt',
  text: 'Bonjour Hélène,\nVotre Mercedes Classe S est réservée. Caution : 3 500 € (préautorisation).',
  html: '<p>Bonjour Hélène,</p><p>Votre Mercedes Classe S est réservée. Caution : 3 500 €.</p>',
};

async function sendFailure(transport: MailTransport): Promise<Error> {
  try {
    await transport.send(mail);
  } catch (error) {
    return error as Error;
  } finally {
    transport.close?.();
  }
  throw new Error('the message was accepted');
}

describe('SMTP transport', () => {
  it('authenticates and delivers the text and HTML versions with French accents intact', async () => {
    const transport = createSmtpTransport(smtpSettings(), '"Vroum Prestige" <no-reply@vroum.fr>');
    const { messageId } = await transport.send(mail);
    transport.close?.();

    expect(messageId).toMatch(/^<.+@.+>$/);
    const received = server.received.at(-1)!;
    expect(received.from).toBe('no-reply@vroum.fr');
    expect(received.recipients).toEqual(['helene.dupre@example.fr']);
    const parsed = parseMail(received.raw);
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.headers.get('from')).toBe('Vroum Prestige <no-reply@vroum.fr>');
    expect(parsed.headers.get('message-id')).toBe(messageId);
    expect(parsed.parts.get('text/plain')?.trim()).toBe(mail.text);
    expect(parsed.parts.get('text/html')?.trim()).toBe(mail.html);
  });

  it('fails on refused credentials without repeating the password', async () => {
    const transport = createSmtpTransport(smtpSettings('wrong-Secret-99'), 'no-reply@vroum.fr');
    const failure = await sendFailure(transport);
    expect(failure.message).toMatch(/^EAUTH: /);
    expect(failure.message).not.toContain('wrong-Secret-99');
  });

  it('fails with the server’s reply when the message is refused', async () => {
    server.refuseWith({ code: 451, message: 'Boîte temporairement indisponible' });
    const transport = createSmtpTransport(smtpSettings(), 'no-reply@vroum.fr');
    const failure = await sendFailure(transport);
    server.refuseWith(null);
    expect(failure.message).toContain('451');
  });
});

describe('mail configuration', () => {
  it('keeps mails in the built-in outbox by default, from a no-reply address of the site', () => {
    const config = loadConfig({ NODE_ENV: 'test', SITE_EMAIL: 'bonjour@exemple-location.fr' });
    expect(config.mail).toEqual({
      transport: 'outbox',
      from: '"Vroum Prestige" <no-reply@exemple-location.fr>',
    });
    expect(createMailTransport(config.mail).name).toBe('outbox');
  });

  it('reads the SMTP settings', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      MAIL_TRANSPORT: 'smtp',
      SMTP_HOST: 'smtp.example.fr',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_USER: 'relay',
      SMTP_PASSWORD: 'secret',
      MAIL_FROM: 'Réservations <reservations@example.fr>',
    });
    expect(config.mail).toEqual({
      transport: 'smtp',
      from: 'Réservations <reservations@example.fr>',
      smtp: {
        host: 'smtp.example.fr',
        port: 465,
        secure: true,
        auth: { user: 'relay', password: 'secret' },
      },
    });
  });

  it('refuses MAIL_TRANSPORT=smtp without SMTP_HOST', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_HOST/);
  });
});
