import { useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@shared/accounts/accounts.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys/accounts';

/** PUT /api/userprofile/{email}: any subset of the profile fields; 400 with a message when one is invalid. */
export const updateProfile = (email: string, update: ProfileUpdate) =>
  api<{ acknowledged: true }>(`/userprofile/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body: JSON.stringify(update),
  });

/** Saves, then refreshes the profile and the session (which carries the name and photo). */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return async (update: ProfileUpdate) => {
    await updateProfile(email, update);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.profile(email) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.session }),
    ]);
  };
}
