import { tooManyAttempts } from '@/lib/retry-after';

/** A failed call to the auth endpoints (/api/auth/*), with a message fit for the user. */
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

export const messageForAuthError = (status: number, code: string, serverMessage?: string): string => {
  if (status === 429 || code === 'TOO_MANY_REQUESTS')
    return 'Too many attempts. Please wait a minute and try again.';
  if (code.startsWith('USER_ALREADY_EXISTS'))
    return 'We could not create an account with these details. If you already have an account, log in or reset your password.';
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PASSWORD':
    case 'USER_NOT_FOUND':
      return 'The email or password is not correct.';
    case 'EMAIL_NOT_VERIFIED':
      return 'Please verify your email address first: we have sent you a link.';
    case 'INVALID_EMAIL':
      return 'Invalid email address';
    case 'PASSWORD_TOO_SHORT':
      return 'The password is too short.';
    case 'PASSWORD_TOO_LONG':
      return 'The password is too long.';
    case 'INVALID_TOKEN':
      return 'This password reset link is invalid or has expired. Please ask for a new one.';
    case 'PROVIDER_NOT_FOUND':
      return 'Social sign-in is not configured for this shop.';
  }
  if (status >= 500) return 'The shop could not complete this request. Please try again in a moment.';
  return serverMessage || 'Something went wrong. Please try again.';
};

/** Calls /api/auth{path}: POST with a JSON body when one is given, else GET. Throws AuthError. */
export async function authFetch<T>(path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/auth${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AuthError(0, 'NETWORK', 'We could not reach the shop. Check your connection and try again.');
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    // The shop's limits say how long to wait; "a minute" was wrong for a 30-second wait and for a 15-minute one.
    if (res.status === 429)
      throw new AuthError(429, 'TOO_MANY_REQUESTS', tooManyAttempts(res.headers.get('retry-after')));
    const err = (data ?? {}) as { code?: string; message?: string };
    const code = err.code ?? '';
    throw new AuthError(res.status, code, messageForAuthError(res.status, code, err.message));
  }
  return data as T;
}
