import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '@shared/accounts/accounts.schema';
import type { UserSort } from '@shared/accounts/users-list.schema';
import { apiPage, keepPage } from '@/lib/api-page';
import { adminListKeys } from '@/lib/query-keys/admin-lists';

export interface UserListParams {
  limit: string;
  sort: UserSort;
  role?: 'admin' | 'user' | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
}

const queryString = (p: UserListParams) =>
  new URLSearchParams(
    Object.entries(p).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  ).toString();

/** GET /api/user (admin): one page of the shop's users. */
export const getUsers = (params: UserListParams) => apiPage<UserSummary>(`/user?${queryString(params)}`);

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: adminListKeys.users({ ...params }),
    queryFn: () => getUsers(params),
    placeholderData: keepPage,
  });

export const useUsers = (params: UserListParams) => useQuery(usersQueryOptions(params));
