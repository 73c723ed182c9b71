import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsCalls } from '@shared/accounts/accounts.calls';
import type { ProfileUpdate } from '@shared/accounts/accounts.schema';
import { callApi } from '@/lib/call-api';
import { accountKeys } from '@/lib/query-keys/accounts';

/** PUT /api/userprofile/{email}: any subset of the profile fields; 400 with a message when one is invalid. */
export const updateProfile = (email: string, update: ProfileUpdate) =>
  callApi(accountsCalls.updateProfile, { params: { email }, body: update });

/** Saves, then refreshes the profile and the session (which carries the name and photo) before it settles. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(email, update),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.profile(email) }),
        queryClient.invalidateQueries({ queryKey: accountKeys.session }),
      ]),
  });
}
