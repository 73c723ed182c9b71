import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '@shared/accounts/accounts.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys/accounts';

/** GET /api/user: every user (admin only). */
export const getUsers = () => api<UserSummary[]>('/user');

export const usersQueryOptions = () => queryOptions({ queryKey: accountKeys.users, queryFn: getUsers });

export const useUsers = () => useQuery(usersQueryOptions());
