/**
 * The sandbox processor accepts only documented test card numbers (the same as Stripe's test
 * mode) and refuses anything that looks like a real card.
 */
export type CardOutcome =
  { kind: 'success' } | { kind: 'decline'; code: string; message: string } | { kind: 'challenge' };

export const TEST_CARDS: Record<string, { label: string; outcome: CardOutcome }> = {
  '4242424242424242': { label: 'Paiement accepté', outcome: { kind: 'success' } },
  '4000000000000002': {
    label: 'Carte refusée',
    outcome: { kind: 'decline', code: 'card_declined', message: 'Votre carte a été refusée.' },
  },
  '4000000000009995': {
    label: 'Fonds insuffisants',
    outcome: {
      kind: 'decline',
      code: 'insufficient_funds',
      message: 'Votre carte ne dispose pas de fonds suffisants.',
    },
  },
  '4000000000000069': {
    label: 'Carte expirée',
    outcome: { kind: 'decline', code: 'expired_card', message: 'Votre carte a expiré.' },
  },
  // Accepted with the customer present, then refused for every charge made without them (the
  // deposit hold, the return charges), as Stripe's card of the same number.
  '4000000000000341': { label: 'Refusée hors session', outcome: { kind: 'success' } },
  // Accepted with the customer present and for a deposit hold, then refused for a charge made
  // without them beyond its ceiling (large return charges): what the card refuses stays owed.
  '4000000000000127': { label: 'Plafond de 1 000 € hors session', outcome: { kind: 'success' } },
  '4000002760003184': { label: 'Authentification 3-D Secure', outcome: { kind: 'challenge' } },
  '4000000000003220': { label: 'Authentification 3-D Secure 2', outcome: { kind: 'challenge' } },
};

/** The last digits of the card that refuses every off-session charge. */
export const OFF_SESSION_DECLINE_LAST4 = '0341';

/** The card whose charges without the customer are refused beyond a ceiling. */
export const OFF_SESSION_CEILING = { last4: '0127', maxCents: 100_000 };

/** Luhn checksum: true for a number a real card network would accept. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export type CardCheck =
  | { ok: true; outcome: CardOutcome; last4: string; brand: string }
  | { ok: false; code: string; message: string };

export function checkTestCard(input: {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  now: Date;
}): CardCheck {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    return { ok: false, code: 'invalid_number', message: 'Le numéro de carte est invalide.' };
  }
  const card = TEST_CARDS[number];
  if (!card) {
    return {
      ok: false,
      code: 'live_card_refused',
      message:
        'Mode démonstration : aucune vraie carte n’est acceptée. Utilisez une carte de test, par exemple 4242 4242 4242 4242.',
    };
  }
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const expiry = new Date(Date.UTC(year, input.expMonth, 1));
  if (input.expMonth < 1 || input.expMonth > 12 || expiry <= input.now) {
    return { ok: false, code: 'invalid_expiry', message: 'La date d’expiration est invalide.' };
  }
  if (!/^\d{3,4}$/.test(input.cvc)) {
    return { ok: false, code: 'invalid_cvc', message: 'Le code de sécurité est invalide.' };
  }
  return { ok: true, outcome: card.outcome, last4: number.slice(-4), brand: 'visa' };
}
