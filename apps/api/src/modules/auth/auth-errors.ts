/**
 * The sign-in layer's errors in the API's format and in French: `{ error: { code, message } }`,
 * the code kept as the library gives it (e.g. INVALID_EMAIL_OR_PASSWORD) so that pages can act on
 * it, the message the customer reads.
 */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Email ou mot de passe incorrect',
  INVALID_LOGIN_CREDENTIALS: 'Email ou mot de passe incorrect',
  USER_ALREADY_EXISTS: 'Cet email est déjà utilisé',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'Cet email est déjà utilisé',
  EMAIL_NOT_VERIFIED: 'Veuillez vérifier votre adresse e-mail : un nouveau code vous a été envoyé.',
  PASSWORD_TOO_SHORT: 'Le mot de passe doit contenir au moins 6 caractères',
  PASSWORD_TOO_LONG: 'Le mot de passe est trop long.',
  INVALID_EMAIL: 'Adresse e-mail invalide',
  INVALID_OTP: 'Code invalide ou expiré',
  OTP_EXPIRED: 'Code invalide ou expiré',
  TOO_MANY_ATTEMPTS: 'Trop de tentatives : demandez un nouveau code.',
  PROVIDER_NOT_FOUND: 'Ce mode de connexion n’est pas disponible pour le moment.',
  ID_TOKEN_SIGN_IN_DISABLED: 'Ce mode de connexion n’est pas disponible pour le moment.',
  VALIDATION_ERROR: 'La requête est invalide.',
  INVALID_ORIGIN: 'Cette action n’est possible que depuis le site.',
  INVALID_TOKEN: 'Ce lien n’est plus valide\u00a0: demandez-en un nouveau.',
  INVALID_PASSWORD: 'Mot de passe actuel incorrect',
  CREDENTIAL_ACCOUNT_NOT_FOUND:
    'Ce compte se connecte avec Google ou Apple\u00a0: il n’a pas de mot de passe à changer.',
  EMAIL_IS_THE_SAME: 'C’est déjà l’adresse de votre compte.',
  // The second factor (authenticator app, backup codes, passkeys).
  INVALID_CODE: 'Code incorrect\u00a0: saisissez le code affiché par votre application.',
  INVALID_BACKUP_CODE: 'Code de secours incorrect ou déjà utilisé.',
  INVALID_TWO_FACTOR_COOKIE: 'La vérification a expiré\u00a0: reconnectez-vous.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Trop de tentatives\u00a0: reconnectez-vous.',
  ACCOUNT_TEMPORARILY_LOCKED:
    'Trop de codes incorrects\u00a0: la vérification est bloquée pendant un quart d’heure.',
  TOTP_ALREADY_ENABLED: 'Une application d’authentification est déjà associée à ce compte.',
  TOTP_NOT_ENABLED: 'Aucune application d’authentification n’est associée à ce compte.',
  SECOND_FACTOR_REQUIRED: 'Validez d’abord votre second facteur pour modifier vos facteurs.',
  LAST_SECOND_FACTOR:
    'L’équipe garde au moins un second facteur\u00a0: ajoutez-en un autre avant de retirer celui-ci.',
  SESSION_NOT_FRESH: 'Par sécurité, reconnectez-vous avant d’ajouter une clé d’accès.',
  CHALLENGE_NOT_FOUND: 'La demande a expiré\u00a0: recommencez.',
  PASSKEY_NOT_FOUND: 'Cette clé d’accès n’est associée à aucun compte.',
  AUTHENTICATION_FAILED: 'La clé d’accès n’a pas pu être vérifiée.',
  FAILED_TO_VERIFY_REGISTRATION: 'La clé d’accès n’a pas pu être enregistrée.',
  PREVIOUSLY_REGISTERED: 'Cette clé d’accès est déjà enregistrée.',
};

const BY_STATUS: Record<number, { code: string; message: string }> = {
  401: { code: 'unauthorized', message: 'Veuillez vous connecter.' },
  403: { code: 'forbidden', message: 'Accès refusé.' },
  404: { code: 'not_found', message: 'Ressource introuvable.' },
  429: {
    code: 'RATE_LIMITED',
    message: 'Trop de tentatives. Veuillez patienter quelques instants avant de réessayer.',
  },
};

export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** The answer for a failed call, from the library's status and body (`{ code, message }` or none). */
export function authErrorBody(status: number, body: unknown): ApiErrorBody {
  const code =
    body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
      ? body.code
      : undefined;
  const known = code ? MESSAGES[code] : undefined;
  if (code && known) return { error: { code, message: known } };
  const byStatus = BY_STATUS[status];
  if (byStatus) return { error: { code: code ?? byStatus.code, message: byStatus.message } };
  if (status >= 500) {
    return {
      error: {
        code: 'internal_error',
        message: 'Une erreur inattendue est survenue. Veuillez réessayer dans quelques instants.',
      },
    };
  }
  return { error: { code: code ?? 'invalid_request', message: 'La requête est invalide.' } };
}
