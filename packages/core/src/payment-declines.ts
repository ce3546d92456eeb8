/**
 * What the customer reads when a card payment is refused (decision 013). Shared by the server
 * (off-session deposit holds, the last error of an intent) and the browser (Stripe.js errors),
 * keyed by Stripe's codes: the issuer's `decline_code` when it says more than the `code`
 * (insufficient funds arrive as code card_declined + decline_code insufficient_funds).
 */
const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: 'Votre carte a été refusée.',
  insufficient_funds: 'Votre carte ne dispose pas de fonds suffisants.',
  expired_card: 'Votre carte a expiré.',
  incorrect_cvc: 'Le code de sécurité est incorrect.',
  authentication_required:
    'Votre banque demande une authentification\u00a0: nous vous contacterons pour valider la caution.',
  // The customer failed or abandoned the 3-D Secure challenge (the sandbox's wording).
  payment_intent_authentication_failure:
    'L’authentification 3-D Secure a échoué. Aucun montant n’a été débité.',
};

export const DEFAULT_DECLINE_MESSAGE = 'Le paiement a été refusé par votre banque.';

/** The most precise known reason and its French message. */
export function declineReason(error: {
  code?: string | null | undefined;
  decline_code?: string | null | undefined;
}): { code: string; message: string } {
  for (const candidate of [error.decline_code, error.code]) {
    if (candidate && Object.hasOwn(DECLINE_MESSAGES, candidate)) {
      return { code: candidate, message: DECLINE_MESSAGES[candidate]! };
    }
  }
  return {
    code: error.decline_code || error.code || 'card_declined',
    message: DEFAULT_DECLINE_MESSAGE,
  };
}
