import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeysCalls } from '@shared/api-keys/api-keys.calls';
import type { ApiKeyCreate } from '@shared/api-keys/api-keys.schema';
import { callApi } from '@/lib/call-api';
import { callApiPage, keepPage } from '@/lib/api-page';
import { apiKeyKeys } from '@/lib/query-keys/api-keys';

export interface ListParams {
  limit: string;
  cursor?: string | undefined;
}

/** GET /api/api-keys (admin): one page of keys, newest first. */
export const apiKeysQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: apiKeyKeys.list({ ...params }),
    queryFn: () => callApiPage(apiKeysCalls.list, { query: { limit: params.limit, cursor: params.cursor } }),
    placeholderData: keepPage,
  });

export const useApiKeys = (params: ListParams) => useQuery(apiKeysQueryOptions(params));

/** POST /api/api-keys: the answer holds the secret, the only time it is ever sent. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => callApi(apiKeysCalls.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** DELETE /api/api-keys/{id}; refreshes the list, after a failure too (revoked meanwhile). */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiKeysCalls.revoke, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
