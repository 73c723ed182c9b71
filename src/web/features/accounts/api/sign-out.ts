import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { accountKeys } from '@/lib/query-keys/accounts';

/** POST /api/auth/sign-out (through api(), which the first page has loaded already: no extra chunk). */
export const signOut = () => api<unknown>('/auth/sign-out', { method: 'POST', body: '{}' });

/** Logs out, forgets every cached answer (they belonged to that user) and goes home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
    } catch (e) {
      void notify('error', `We could not log you out. ${(e as Error).message}`);
      return;
    }
    navigate(paths.home);
    queryClient.clear();
    queryClient.setQueryData(accountKeys.session, null);
  };
}
