import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhooksCalls } from '@shared/webhooks/webhooks.calls';
import type { WebhookInput, WebhookUpdate } from '@shared/webhooks/webhooks.schema';
import { callApi } from '@/lib/call-api';
import { callApiPage, keepPage } from '@/lib/api-page';
import { webhookKeys } from '@/lib/query-keys/webhooks';

const PAGE = '25';

/** GET /api/admin/webhooks: one page of endpoints, newest first. */
export const useEndpoints = (cursor: string | undefined) =>
  useQuery({
    queryKey: webhookKeys.list(cursor),
    queryFn: () => callApiPage(webhooksCalls.list, { query: { limit: PAGE, cursor } }),
    placeholderData: keepPage,
  });

/** GET /api/admin/webhooks/{id}/deliveries: one page of the log; refreshed every few seconds while open. */
export const useDeliveries = (id: string, cursor: string | undefined) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id, cursor),
    queryFn: () => callApiPage(webhooksCalls.deliveries, { params: { id }, query: { limit: PAGE, cursor } }),
    placeholderData: keepPage,
    refetchInterval: 3_000,
  });

function useWebhookMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateEndpoint = () =>
  useWebhookMutation((body: WebhookInput) => callApi(webhooksCalls.create, { body }));
export const useUpdateEndpoint = () =>
  useWebhookMutation(({ id, body }: { id: string; body: WebhookUpdate }) =>
    callApi(webhooksCalls.update, { params: { id }, body }),
  );
export const useDeleteEndpoint = () =>
  useWebhookMutation((id: string) => callApi(webhooksCalls.remove, { params: { id } }));
export const useRotateSecret = () =>
  useWebhookMutation((id: string) => callApi(webhooksCalls.rotate, { params: { id } }));
export const useSendTest = () =>
  useWebhookMutation((id: string) => callApi(webhooksCalls.sendTest, { params: { id } }));
export const useResend = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    callApi(webhooksCalls.resend, { params: { id, deliveryId } }),
  );
