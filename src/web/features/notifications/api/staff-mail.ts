import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsCalls } from '@shared/notifications/notifications.calls';
import { callApi } from '@/lib/call-api';
import { notificationKeys } from '@/lib/query-keys/notifications';

/** GET /api/notifications/{email}: the signed-in admin's own staff-mail choice. */
export const staffMailQueryOptions = (email: string) =>
  queryOptions({
    queryKey: notificationKeys.staffMail(email),
    queryFn: () => callApi(notificationsCalls.setting, { params: { email } }),
    enabled: !!email,
  });

export const useStaffMail = (email: string) => useQuery(staffMailQueryOptions(email));

/** PUT /api/notifications/{email}: saves the choice and keeps the answer as the query's data. */
export function useSetStaffMail(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffMail: boolean) =>
      callApi(notificationsCalls.update, { params: { email }, body: { staffMail } }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.staffMail(email), answer),
  });
}
