import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys/accounts';

/** PUT /api/user/{email} (no body): promotes the user to admin (admin only). */
export const makeAdmin = (email: string) =>
  api<{ acknowledged: true }>(`/user/${encodeURIComponent(email)}`, { method: 'PUT' });

/** Promotes, then refreshes the users table and that user's role. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return async (email: string) => {
    await makeAdmin(email);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.users }),
      queryClient.invalidateQueries({ queryKey: accountKeys.userRole(email) }),
    ]);
  };
}
