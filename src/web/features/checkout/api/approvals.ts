import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalsCalls as calls } from '@shared/checkout/approvals.calls';
import type { ApprovalDecision } from '@shared/checkout/approvals.schema';
import { callApi } from '@/lib/call-api';
import { callApiPage } from '@/lib/api-page';
import { refreshAfterOrderChange } from '@/lib/order-refresh';
import { orderKeys } from '@/lib/query-keys/orders';

const PAGE = 10;

/** GET /api/companies/{id}/approvals: the open ones (or all), newest first, a page at a time. */
export const useApprovals = (companyId: string, status: 'awaiting' | 'all' = 'awaiting') =>
  useInfiniteQuery({
    queryKey: orderKeys.approvals(companyId, status),
    queryFn: ({ pageParam }) =>
      callApiPage(calls.list, {
        params: { id: companyId },
        query: { limit: String(PAGE), cursor: pageParam, status },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !!companyId,
  });

/** GET /api/companies/{id}/approvals/{itemId}. */
export const useApproval = (companyId: string, id: string) =>
  useQuery({
    queryKey: orderKeys.approvals(companyId, id),
    queryFn: () => callApi(calls.get, { params: { id: companyId, itemId: id } }),
    enabled: !!companyId && !!id,
    retry: false,
  });

/** POST /api/companies/{id}/approvals/{itemId}: approve or reject; stock may move, so order views refresh. */
export function useDecideApproval(companyId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalDecision) =>
      callApi(calls.decide, { params: { id: companyId, itemId: id }, body }),
    onSuccess: () => void refreshAfterOrderChange(queryClient),
  });
}
