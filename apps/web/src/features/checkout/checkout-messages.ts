/** The toasts of checkout, verbatim: a title, then the message. */
export const MESSAGES = {
  missingFields: ['Informations manquantes', 'Veuillez remplir tous les champs obligatoires.'],
  invalidEmail: ['Email invalide', 'Veuillez entrer une adresse email valide.'],
  termsNotAccepted: [
    'Conditions non acceptées',
    'Veuillez accepter les conditions générales pour continuer.',
  ],
  paymentStartFailed: ['Erreur', 'Impossible de créer le paiement. Veuillez réessayer.'],
  captureFailed: ['Erreur', 'Impossible de finaliser le paiement.'],
  unexpected: ['Erreur', 'Une erreur est survenue lors du paiement.'],
} as const satisfies Record<string, readonly [string, string]>;

/** Title of the toast that carries the processor's message on a refused card. */
export const PAYMENT_ERROR_TITLE = 'Erreur de paiement';
