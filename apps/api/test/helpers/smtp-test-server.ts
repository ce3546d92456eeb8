import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  recipients: string[];
  /** The message as it came over the wire (headers and MIME body). */
  raw: string;
}

export interface SmtpTestServer {
  port: number;
  received: ReceivedMail[];
  /** Makes the server refuse every message after DATA with this reply, or accept again (null). */
  refuseWith(reply: { code: number; message: string } | null): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (random port) that demands AUTH PLAIN/LOGIN with the given
 * credentials. STARTTLS is off so that the exchange stays on plain loopback.
 */
export async function startSmtpTestServer(credentials: {
  user: string;
  password: string;
}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal) {
          const error: SMTPServerError = new Error(refusal.message);
          error.responseCode = refusal.code;
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    refuseWith(reply) {
      refusal = reply;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
