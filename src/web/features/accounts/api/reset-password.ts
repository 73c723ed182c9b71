import { authFetch } from './auth-fetch';

/** POST /api/auth/reset-password with the token from the mailed link; 400 INVALID_TOKEN when it expired. */
export const resetPassword = (token: string, newPassword: string) =>
  authFetch<unknown>('/reset-password', { newPassword, token });
