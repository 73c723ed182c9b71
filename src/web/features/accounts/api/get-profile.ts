import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsCalls } from '@shared/accounts/accounts.calls';
import { callApi } from '@/lib/call-api';
import { accountKeys } from '@/lib/query-keys/accounts';

/** GET /api/userprofile/{email} */
export const getProfile = (email: string) => callApi(accountsCalls.profile, { params: { email } });

export const profileQueryOptions = (email: string) =>
  queryOptions({ queryKey: accountKeys.profile(email), queryFn: () => getProfile(email), enabled: !!email });

export const useProfile = (email: string) => useQuery(profileQueryOptions(email));
