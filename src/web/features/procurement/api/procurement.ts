import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { procurementCalls as calls } from '@shared/procurement/procurement.calls';
import type { ConnectionCreate } from '@shared/procurement/procurement.schema';
import { callApi } from '@/lib/call-api';
import { callApiPage } from '@/lib/api-page';

const keys = {
  all: ['procurement'] as const,
  connections: (id: string) => ['procurement', 'connections', id] as const,
  documents: (id: string) => ['procurement', 'documents', id] as const,
  session: ['procurement', 'session'] as const,
};

/** GET /api/punchout/session: is this browser session a punchout from a buyer system? */
export const usePunchoutSession = (enabled: boolean) =>
  useQuery({
    queryKey: keys.session,
    queryFn: () => callApi(calls.session),
    enabled,
    staleTime: Infinity,
  });

export const useConnections = (companyId: string) =>
  useQuery({
    queryKey: keys.connections(companyId),
    queryFn: () => callApi(calls.connections, { params: { id: companyId } }),
  });

export function useCreateConnection(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectionCreate) => callApi(calls.connect, { params: { id: companyId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteConnection(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => callApi(calls.disconnect, { params: { id: companyId, itemId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useDocuments = (companyId: string) =>
  useInfiniteQuery({
    queryKey: keys.documents(companyId),
    queryFn: ({ pageParam }) =>
      callApiPage(calls.documents, { params: { id: companyId }, query: { limit: '20', cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useResendDocument(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => callApi(calls.resend, { params: { id: companyId, itemId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.documents(companyId) }),
  });
}
