import type { PasswordResetRequestInput } from '@shared/accounts/accounts.schema';
import { paths } from '@/config/paths';
import { authFetch } from './auth-fetch';

/** POST /api/auth/request-password-reset: answers 200 whether or not the account exists. */
export const requestPasswordReset = (input: PasswordResetRequestInput) =>
  authFetch<unknown>('/request-password-reset', {
    email: input.email,
    redirectTo: window.location.origin + paths.resetPassword,
  });
