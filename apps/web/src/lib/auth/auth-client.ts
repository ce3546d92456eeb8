/**
 * Calls to the sign-in layer (better-auth, mounted at /api/auth). Sessions are httpOnly cookies:
 * the browser never sees a token, it only learns who is signed in.
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface Session {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

/** An error of the sign-in layer: its code (e.g. INVALID_EMAIL_OR_PASSWORD) and French message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export async function authRequest<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/auth${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'same-origin',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as
    (T & { error?: { code?: string; message?: string } }) | null;
  if (!response.ok) {
    // The server answers every failure as { error: { code, message } }, the message in French.
    throw new AuthError(
      response.status,
      payload?.error?.code ?? (response.status === 429 ? 'RATE_LIMITED' : 'UNKNOWN'),
      payload?.error?.message ?? 'Une erreur est survenue. Veuillez réessayer.',
    );
  }
  return payload as T;
}

export const fetchSession = () => authRequest<Session | null>('/get-session');

export const signUpWithEmail = (email: string, password: string) =>
  authRequest<unknown>('/sign-up/email', { email, password, name: '', callbackURL: '/profil' });

/** Signs in; `twoFactorRedirect` when the account's second factor must be given next. */
export const signInWithEmail = (email: string, password: string) =>
  authRequest<{ twoFactorRedirect?: boolean }>('/sign-in/email', { email, password });

export const verifyEmailCode = (email: string, otp: string) =>
  authRequest<unknown>('/email-otp/verify-email', { email, otp });

export const resendEmailCode = (email: string) =>
  authRequest<unknown>('/email-otp/send-verification-otp', { email, type: 'email-verification' });

/** Starts the redirect to Google or Apple; the server answers with the provider's URL. */
export async function startSocialSignIn(provider: 'google' | 'apple', callbackURL: string) {
  const { url } = await authRequest<{ url: string }>('/sign-in/social', {
    provider,
    callbackURL,
    errorCallbackURL: '/auth',
  });
  window.location.assign(url);
}

/** Sign-out; 401, 403 and 404 answers are ignored: the session is gone either way. */
export async function signOutRequest(): Promise<void> {
  try {
    await authRequest<unknown>('/sign-out', {});
  } catch (error) {
    if (error instanceof AuthError && [401, 403, 404].includes(error.status)) return;
    throw error;
  }
}

/** Asks for a reset link; the answer is the same whether the address has an account or not. */
export const requestPasswordReset = (email: string) =>
  authRequest<unknown>('/request-password-reset', { email });

/** Sets the new password with the mailed link's token; every session of the account ends. */
export const resetPassword = (token: string, newPassword: string) =>
  authRequest<unknown>('/reset-password', { token, newPassword });

/** The signed-in user's new password; the other sessions are signed out (the server insists). */
export const changePassword = (currentPassword: string, newPassword: string) =>
  authRequest<unknown>('/change-password', {
    currentPassword,
    newPassword,
    revokeOtherSessions: true,
  });

/** Sends a 6-digit code to the new address. */
export const requestEmailChange = (newEmail: string) =>
  authRequest<unknown>('/email-otp/request-email-change', { newEmail });

/** Moves the account to the new address with the code it received. */
export const confirmEmailChange = (newEmail: string, otp: string) =>
  authRequest<unknown>('/email-otp/change-email', { newEmail, otp });
