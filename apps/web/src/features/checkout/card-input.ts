import type { CardDetails } from './api/sandbox';

/**
 * The documented test cards of the built-in processor ('mode démonstration'), with their outcome.
 * The processor refuses any other number.
 */
export const TEST_CARDS = [
  { number: '4242424242424242', outcome: 'Paiement accepté' },
  { number: '4000000000000002', outcome: 'Carte refusée' },
  { number: '4000000000009995', outcome: 'Fonds insuffisants' },
  { number: '4000000000000069', outcome: 'Carte expirée' },
  { number: '4000002760003184', outcome: 'Authentification 3-D Secure' },
] as const;

export interface CardValues {
  number: string;
  /** 'MM/AA' as typed. */
  expiry: string;
  cvc: string;
}
export type CardField = keyof CardValues;

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1230' → '12/30'; a lone first digit above 1 becomes a month ('4' → '04/'). */
export function formatExpiry(value: string, previous = ''): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the slash deletes the digit before it.
  if (previous.endsWith('/') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length >= 2) {
    return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  }
  return digits;
}

/** An expiry date a few years ahead, to fill with a test card. */
export function sampleExpiry(now = new Date()): string {
  return `12/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}`;
}

export type CardCheck = { ok: true; card: CardDetails } | { ok: false; invalid: CardField[] };

/** The card's shape before it is sent: 12–19 digits, a month MM/AA not past, a 3–4 digit CVC. */
export function checkCard(values: CardValues, now = new Date()): CardCheck {
  const invalid: CardField[] = [];
  const number = digitsOnly(values.number);
  if (number.length < 12 || number.length > 19) invalid.push('number');
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(values.expiry.trim());
  const month = match ? Number(match[1]) : 0;
  const year = match ? 2000 + Number(match[2]) : 0;
  const endOfMonth = new Date(year, month, 1);
  if (!match || month < 1 || month > 12 || endOfMonth <= now) invalid.push('expiry');
  const cvc = values.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) invalid.push('cvc');
  if (invalid.length > 0) return { ok: false, invalid };
  return { ok: true, card: { number, expMonth: month, expYear: year, cvc } };
}
