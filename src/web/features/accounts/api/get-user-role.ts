import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsCalls } from '@shared/accounts/accounts.calls';
import { callApi } from '@/lib/call-api';
import { accountKeys } from '@/lib/query-keys/accounts';

/** GET /api/user/{email}: whether the user is an admin (the guards of the admin pages ask this). */
export const getUserRole = (email: string) => callApi(accountsCalls.role, { params: { email } });

export const userRoleQueryOptions = (email: string) =>
  queryOptions({
    queryKey: accountKeys.userRole(email),
    queryFn: () => getUserRole(email),
    enabled: !!email,
  });

/** Whether `email` is an admin; `isPending` while the answer (or the email itself) is not known yet. */
export function useIsAdmin(email: string | undefined) {
  const query = useQuery(userRoleQueryOptions(email ?? ''));
  return {
    isAdmin: query.data?.role === 'admin',
    isPending: !email || query.isPending,
    error: query.error,
    refetch: query.refetch,
  };
}
