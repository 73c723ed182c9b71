import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnCreate, ReturnReceive } from '@shared/returns/returns.schema';
import type { ReturnStatus } from '@shared/returns/returns.constants';
import { returnsCalls } from '@shared/returns/returns.calls';
import { callApi } from '@/lib/call-api';
import { orderKeys } from '@/lib/query-keys/orders';
import { returnKeys } from '@/lib/query-keys/returns';

export const RETURNS_PAGE_SIZE = 20;

/** A page of returns, newest first: the buyer's own, or every return (admin), by status. */
export function useReturns(scope: 'mine' | 'all', status: ReturnStatus | '', page: number) {
  return useQuery({
    queryKey: returnKeys.list(scope, status, page),
    queryFn: () =>
      callApi(scope === 'mine' ? returnsCalls.mine : returnsCalls.list, {
        query: { page, pageSize: RETURNS_PAGE_SIZE, ...(status && { status }) },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The shop's return windows and restocking fees per reason. */
export const useReturnPolicies = () =>
  useQuery({ queryKey: returnKeys.policies, queryFn: () => callApi(returnsCalls.policies) });

/** Refreshes the returns and the orders (a refund or a restock changes them too). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: returnKeys.all }),
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    ]);
}

export function useCreateReturn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ReturnCreate) => callApi(returnsCalls.create, { body }),
    onSuccess: refresh,
  });
}

export type ReturnStep =
  | { id: string; step: 'approve'; instructions: string }
  | { id: string; step: 'reject'; reason: string }
  | { id: string; step: 'receive'; lines: ReturnReceive['lines'] }
  | { id: string; step: 'resolve'; resolution: 'refund' | 'replace' };

/** One admin step of a return's state machine. */
export function useReturnStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (s: ReturnStep) => {
      const params = { id: s.id };
      switch (s.step) {
        case 'approve':
          return callApi(returnsCalls.approve, { params, body: { instructions: s.instructions } });
        case 'reject':
          return callApi(returnsCalls.reject, { params, body: { reason: s.reason } });
        case 'receive':
          return callApi(returnsCalls.receive, { params, body: { lines: s.lines } });
        case 'resolve':
          return callApi(returnsCalls.resolve, { params, body: { resolution: s.resolution } });
      }
    },
    onSuccess: refresh,
  });
}
