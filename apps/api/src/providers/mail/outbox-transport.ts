import { randomUUID } from 'node:crypto';
import type { MailTransport } from './mail-transport';

/**
 * The built-in transport: it delivers nothing outside. The outbox row itself is the mailbox
 * (administrators read it in demo mode), so marking the row sent is its delivery.
 */
export function createOutboxTransport(): MailTransport {
  return {
    name: 'outbox',
    async send() {
      return { messageId: `<${randomUUID()}@outbox.invalid>` };
    },
  };
}
