import { useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@shared/accounts/accounts.schema';
import { authFetch } from './auth-fetch';
import { accountKeys } from '@/lib/query-keys/accounts';

/** POST /api/auth/sign-in/email: sets the session cookie. */
export const signIn = (input: LoginInput) =>
  authFetch<unknown>('/sign-in/email', { email: input.email, password: input.password });

/** Signs in, then refreshes the session everyone reads. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return async (input: LoginInput) => {
    await signIn(input);
    await queryClient.invalidateQueries({ queryKey: accountKeys.session });
  };
}
