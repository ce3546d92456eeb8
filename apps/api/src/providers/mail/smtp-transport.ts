import { createTransport } from 'nodemailer';
import type { MailTransport, SmtpSettings } from './mail-transport';

/** A send gives up after these delays, well within the worker's claim on the row. */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** Delivery through any SMTP server (the company's relay, Brevo, Mailjet, SES…) on nodemailer. */
export function createSmtpTransport(settings: SmtpSettings, from: string): MailTransport {
  const transporter = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.auth ? { user: settings.auth.user, pass: settings.auth.password } : undefined,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    name: 'smtp',
    async send(mail) {
      try {
        const info = await transporter.sendMail({ from, ...mail });
        return { messageId: info.messageId };
      } catch (error) {
        throw new Error(describeSmtpError(error, settings.auth?.password));
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** The server's answer and nodemailer's code, never the credentials. */
function describeSmtpError(error: unknown, password: string | undefined): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
  const described = `${code}${error.message}`;
  return password ? described.replaceAll(password, '***') : described;
}
