import { apiRequest } from '../../../lib/api-client';

/**
 * Asks the server for the welcome mail after verification; failures are only logged (the account
 * works without it).
 */
export function requestWelcomeEmail(firstName = ''): void {
  apiRequest<{ queued: boolean }>('/me/welcome-email', {
    method: 'POST',
    body: { firstName },
  }).catch((error: unknown) => console.error('Welcome e-mail request failed', error));
}
