import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shared/accounts/accounts.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys/accounts';

/** GET /api/userprofile/{email} */
export const getProfile = (email: string) => api<Profile>(`/userprofile/${encodeURIComponent(email)}`);

export const profileQueryOptions = (email: string) =>
  queryOptions({ queryKey: accountKeys.profile(email), queryFn: () => getProfile(email), enabled: !!email });

export const useProfile = (email: string) => useQuery(profileQueryOptions(email));
