import { AuthError } from './auth-client';

/**
 * French messages for the sign-in layer's errors (SPEC §8). 'Invalid login credentials' becomes
 * 'Email ou mot de passe incorrect', 'User already registered' becomes 'Cet email est déjà
 * utilisé'; others get a French sentence rather than the library's English.
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
  RATE_LIMITED: 'Trop de tentatives. Veuillez patienter quelques instants avant de réessayer.',
  PROVIDER_NOT_FOUND: 'Ce mode de connexion n’est pas disponible pour le moment.',
};

export function authErrorMessage(error: unknown): string {
  if (error instanceof AuthError) return MESSAGES[error.code] ?? error.message;
  return error instanceof Error ? error.message : 'Une erreur est survenue';
}
