import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsCalls } from '@shared/accounts/accounts.calls';
import { callApi } from '@/lib/call-api';
import { accountKeys } from '@/lib/query-keys/accounts';

/** PUT /api/user/{email} (no body): promotes the user to admin (admin only). */
export const makeAdmin = (email: string) => callApi(accountsCalls.makeAdmin, { params: { email } });

/** Promotes (`mutateAsync(email)`), then refreshes the users table and that user's role before it settles. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: (_answer, email) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.users }),
        queryClient.invalidateQueries({ queryKey: accountKeys.userRole(email) }),
      ]),
  });
}
