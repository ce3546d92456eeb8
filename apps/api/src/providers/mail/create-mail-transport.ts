import type { MailConfig, MailTransport } from './mail-transport';
import { createOutboxTransport } from './outbox-transport';
import { createSmtpTransport } from './smtp-transport';

/** The configured transport: the outbox (default, offline) or SMTP. */
export function createMailTransport(config: MailConfig): MailTransport {
  switch (config.transport) {
    case 'smtp':
      return createSmtpTransport(config.smtp, config.from);
    case 'outbox':
      return createOutboxTransport();
  }
}
