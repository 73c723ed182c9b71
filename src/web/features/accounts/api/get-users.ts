import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsCalls } from '@shared/accounts/accounts.calls';
import type { Role } from '@shared/accounts/accounts.schema';
import type { UserSort } from '@shared/accounts/users-list.schema';
import { callApiPage, keepPage } from '@/lib/api-page';
import { adminListKeys } from '@/lib/query-keys/admin-lists';

/** The users list's state as its URL holds it (strings), which the call's query takes as it is. */
export interface UserListParams {
  limit: string;
  sort: UserSort;
  role?: Role | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
}

/** GET /api/user (admin): one page of the shop's users. */
export const getUsers = (params: UserListParams) => callApiPage(accountsCalls.users, { query: params });

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: adminListKeys.users({ ...params }),
    queryFn: () => getUsers(params),
    placeholderData: keepPage,
  });

export const useUsers = (params: UserListParams) => useQuery(usersQueryOptions(params));
