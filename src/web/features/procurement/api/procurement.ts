import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Connection,
  ConnectionCreate,
  ConnectionCreated,
  ProcurementDocument,
  PunchoutSessionView,
} from '@shared/procurement/procurement.schema';
import { api } from '@/lib/api-client';
import { apiPage } from '@/lib/api-page';

const keys = {
  all: ['procurement'] as const,
  connections: (id: string) => ['procurement', 'connections', id] as const,
  documents: (id: string) => ['procurement', 'documents', id] as const,
  session: ['procurement', 'session'] as const,
};
const base = (companyId: string) => `/companies/${encodeURIComponent(companyId)}/procurement`;

/** GET /api/punchout/session: is this browser session a punchout from a buyer system? */
export const usePunchoutSession = (enabled: boolean) =>
  useQuery({
    queryKey: keys.session,
    queryFn: () => api<PunchoutSessionView>('/punchout/session'),
    enabled,
    staleTime: Infinity,
  });

export const useConnections = (companyId: string) =>
  useQuery({
    queryKey: keys.connections(companyId),
    queryFn: () => api<Connection[]>(`${base(companyId)}/connections`),
  });

export function useCreateConnection(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectionCreate) =>
      api<ConnectionCreated>(`${base(companyId)}/connections`, {
        method: 'POST',
        body: JSON.stringify(body),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteConnection(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${base(companyId)}/connections/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useDocuments = (companyId: string) =>
  useInfiniteQuery({
    queryKey: keys.documents(companyId),
    queryFn: ({ pageParam }) =>
      apiPage<ProcurementDocument>(
        `${base(companyId)}/documents?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useResendDocument(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ queued: true }>(`${base(companyId)}/documents/${id}/resend`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.documents(companyId) }),
  });
}
