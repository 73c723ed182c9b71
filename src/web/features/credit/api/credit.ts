import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { creditCalls as calls } from '@shared/credit/credit.calls';
import type {
  Allocations,
  BankTransferInput,
  StatementStatus,
  TermsInput,
} from '@shared/credit/credit.schema';
import { callApi } from '@/lib/call-api';
import { callApiPage } from '@/lib/api-page';
import { refreshAfterOrderChange } from '@/lib/order-refresh';
import { creditKeys } from '@/lib/query-keys/credit';

const PAGE = 20;

/** GET /api/companies/{id}/account: terms, open and overdue totals, available credit, credit hold. */
export const useAccount = (companyId: string) =>
  useQuery({
    queryKey: creditKeys.account(companyId),
    queryFn: () => callApi(calls.account, { params: { id: companyId } }),
    enabled: !!companyId,
  });

/** GET /api/companies/{id}/account/invoices: one tab of the statement, a page at a time. */
export const useStatement = (companyId: string, status: StatementStatus) =>
  useInfiniteQuery({
    queryKey: creditKeys.statement(companyId, status),
    queryFn: ({ pageParam }) =>
      callApiPage(calls.statement, {
        params: { id: companyId },
        query: { status, limit: String(PAGE), cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !!companyId,
  });

/** After money moved on the account: its figures and every tab of the statement. */
const refreshAccount = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: creditKeys.all });

/** PUT /api/companies/{id}/terms (shop admin). */
export function useSetTerms(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TermsInput) => callApi(calls.setTerms, { params: { id: companyId }, body }),
    onSuccess: () => refreshAccount(queryClient),
  });
}

/** DELETE /api/companies/{id}/terms (shop admin). */
export function useRemoveTerms(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(calls.removeTerms, { params: { id: companyId } }),
    onSuccess: () => refreshAccount(queryClient),
  });
}

/** POST /api/companies/{id}/account/bank-transfers (shop admin). */
export function useBankTransfer(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankTransferInput) => callApi(calls.bankTransfer, { params: { id: companyId }, body }),
    onSuccess: () => refreshAccount(queryClient),
  });
}

/** POST /api/companies/{id}/account/card-payments: the payment's id and its intent for the card form. */
export const startCardPayment = (companyId: string, allocations: Allocations) =>
  callApi(calls.startCardPayment, { params: { id: companyId }, body: { allocations } });

/** PUT /api/companies/{id}/account/card-payments/{paymentId}: records it once the provider confirmed it. */
export function useConfirmCardPayment(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, transactionId }: { paymentId: string; transactionId: string }) =>
      callApi(calls.confirmCardPayment, { params: { id: companyId, paymentId }, body: { transactionId } }),
    onSuccess: () => refreshAccount(queryClient),
  });
}

/** GET /api/checkout/{id}/account: whether the pay page offers Pay on account, and why it may not be possible. */
export const useAccountOption = (checkoutId: string) =>
  useQuery({
    queryKey: creditKeys.option(checkoutId),
    queryFn: () => callApi(calls.accountOption, { params: { id: checkoutId } }),
    enabled: !!checkoutId,
  });

/** POST /api/checkout/{id}/account: pays the checkout on account (stock and orders change, the account too). */
export function usePayOnAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkoutId: string) => callApi(calls.payOnAccount, { params: { id: checkoutId } }),
    onSuccess: () => Promise.all([refreshAfterOrderChange(queryClient), refreshAccount(queryClient)]),
  });
}
