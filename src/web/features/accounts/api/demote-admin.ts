import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsCalls } from '@shared/accounts/accounts.calls';
import { callApi } from '@/lib/call-api';
import { accountKeys } from '@/lib/query-keys/accounts';

/** DELETE /api/user/{email}/admin (no body): makes another admin a customer again (admin only). */
export const demoteAdmin = (email: string) => callApi(accountsCalls.demoteAdmin, { params: { email } });

/** Demotes (`mutateAsync(email)`), then refreshes the users table and that user's role before it settles. */
export function useDemoteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: demoteAdmin,
    onSuccess: (_answer, email) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.users }),
        queryClient.invalidateQueries({ queryKey: accountKeys.userRole(email) }),
      ]),
  });
}
