import type { PasswordResetRequestInput } from '@shared/accounts/accounts.schema';
import { accountPaths } from '@/config/account-paths';
import { authFetch } from './auth-fetch';

/** POST /api/auth/request-password-reset: answers 200 whether or not the account exists. */
export const requestPasswordReset = (input: PasswordResetRequestInput) =>
  authFetch<unknown>('/request-password-reset', {
    email: input.email,
    redirectTo: window.location.origin + accountPaths.resetPassword,
  });
