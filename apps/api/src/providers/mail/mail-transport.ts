/** One message to deliver: French subject, HTML and plain-text bodies of the same content. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * The mail port. Nothing calls it directly: mails are written to the outbox table
 * (`enqueueMail`) and the delivery worker hands them to the transport, retrying on failure.
 * `send` throws when the message was not accepted; the error message must not hold secrets.
 */
export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close?(): void;
}

export interface SmtpSettings {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  secure: boolean;
  auth: { user: string; password: string } | undefined;
}

export type MailConfig =
  { transport: 'outbox'; from: string } | { transport: 'smtp'; from: string; smtp: SmtpSettings };
