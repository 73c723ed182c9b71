import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@shared/accounts/accounts.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys/accounts';

// The navbar uses this file, so it stays tiny (first-load budget): api() is already part of the first page.

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  role: Role;
  phone?: string | null;
  address?: string | null;
  education?: string | null;
  linkedin?: string | null;
}

export interface Session {
  session: { id: string; expiresAt: string };
  user: SessionUser;
}

/** GET /api/auth/get-session: `null` when nobody is logged in. */
export const getSession = () => api<Session | null>('/auth/get-session');

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.session, queryFn: getSession, staleTime: 30_000 });

export const useSession = () => useQuery(sessionQueryOptions());
