import { apiRequest } from '../../../lib/api-client';

/** What the built-in processor ('mode démonstration') tells the browser about an intent. */
export interface SandboxIntent {
  id: string;
  status: string;
  amountCents: number;
  /** The 3-D Secure page, when the card needs it. */
  redirectUrl: string | null;
}

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

const intentPath = (id: string) => `/sandbox/payment-intents/${encodeURIComponent(id)}`;

/** Confirms the intent with a card; a refusal is a 402 carrying the processor's message. */
export const confirmSandboxCard = (id: string, clientSecret: string, card: CardDetails) =>
  apiRequest<SandboxIntent>(`${intentPath(id)}/confirm`, {
    method: 'POST',
    body: { clientSecret, ...card },
  });

/** The answer of the 3-D Secure page; a refusal is a 402 carrying the processor's message. */
export const authenticateSandboxIntent = (id: string, clientSecret: string, approved: boolean) =>
  apiRequest<SandboxIntent>(`${intentPath(id)}/authenticate`, {
    method: 'POST',
    body: { clientSecret, approved },
  });

export const fetchSandboxIntent = (id: string, clientSecret: string, signal?: AbortSignal) =>
  apiRequest<SandboxIntent>(intentPath(id), { query: { clientSecret }, signal });
