import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '@shared/accounts/accounts.schema';
import { api } from '@/lib/api-client';

/** GET /api/user: every user (admin only). */
export const getUsers = () => api<UserSummary[]>('/user');

export const usersQueryOptions = () => queryOptions({ queryKey: ['users'], queryFn: getUsers });

export const useUsers = () => useQuery(usersQueryOptions());
