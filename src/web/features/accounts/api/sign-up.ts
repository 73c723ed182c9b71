import { useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '@shared/accounts/accounts.schema';
import { authFetch } from './auth-fetch';
import { accountKeys } from '@/lib/query-keys/accounts';

/** POST /api/auth/sign-up/email: creates the account, logs it in and mails the verification link. */
export const signUp = (input: Pick<RegisterInput, 'name' | 'email' | 'password'>) =>
  authFetch<unknown>('/sign-up/email', {
    name: input.name,
    email: input.email,
    password: input.password,
    callbackURL: '/',
  });

export function useSignUp() {
  const queryClient = useQueryClient();
  return async (input: Pick<RegisterInput, 'name' | 'email' | 'password'>) => {
    await signUp(input);
    await queryClient.invalidateQueries({ queryKey: accountKeys.session });
  };
}
