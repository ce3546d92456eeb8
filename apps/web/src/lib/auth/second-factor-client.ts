import { SECOND_FACTOR_REQUIRED, type SecondFactorStatus } from '@vroum/core/second-factor';
import { ApiRequestError, apiRequest } from '../api-client';
import { authRequest } from './auth-client';

/**
 * The second factor's calls to the sign-in layer (its two-factor and passkey plugins): an
 * authenticator app with backup codes, or a passkey. The server alone decides who must have one.
 */
export const fetchSecondFactor = () => apiRequest<SecondFactorStatus>('/me/second-factor');

/** Starts the authenticator app's enrolment: the secret to add, and the backup codes. */
export const startTotpEnrolment = (password: string) =>
  authRequest<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { password });

/**
 * The authenticator's code: at sign-in (after the password), to finish its enrolment, or to let
 * a session that has not passed the factor through.
 */
export const verifyTotp = (code: string) =>
  authRequest<unknown>('/two-factor/verify-totp', { code });

/** A single-use backup code, instead of the authenticator's. */
export const verifyBackupCode = (code: string) =>
  authRequest<unknown>('/two-factor/verify-backup-code', { code });

/** True when the browser cannot make or use passkeys (WebAuthn). */
export const passkeysUnsupported = () =>
  typeof window === 'undefined' || typeof window.PublicKeyCredential === 'undefined';

/** Creates a passkey on this device for the signed-in account. */
export async function registerPasskey(name: string): Promise<void> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const options = await authRequest<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    `/passkey/generate-register-options?name=${encodeURIComponent(name)}`,
  );
  const response = await startRegistration({ optionsJSON: options });
  await authRequest<unknown>('/passkey/verify-registration', { response, name });
}

/** Signs in with a passkey of this device: a session past the second factor. */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await authRequest<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/passkey/generate-authenticate-options',
  );
  const response = await startAuthentication({ optionsJSON: options });
  await authRequest<unknown>('/passkey/verify-authentication', { response });
}

/** The base32 secret of an otpauth:// address, in groups of four for typing it by hand. */
export function totpSecretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** Whether an API answer asks for the second factor (a staff route, a session not past it). */
export const needsSecondFactor = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 403 && error.code === SECOND_FACTOR_REQUIRED;

/** The second factor's page, then back to `next` (a path of this site). */
export const secondFactorPath = (next: string) =>
  `/securite/second-facteur?suite=${encodeURIComponent(next)}`;
