import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Diagram,
  EquipmentModel,
  Machine,
  MachineCreate,
  MachineDetail,
  PlanItem,
  ProductFit,
} from '@shared/equipment/equipment.schema';
import type { SearchResult } from '@shared/catalogue/search.schema';
import { api } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload-file';
import { apiPage, keepPage } from '@/lib/api-page';
import { orderKeys } from '@/lib/query-keys/orders';

/** My equipment's calls (docs/decisions/064-equipment.md). */
const keys = {
  all: ['equipment'] as const,
  machines: (limit: number, cursor?: string) => ['equipment', 'machines', limit, cursor ?? ''] as const,
  machine: (id: string) => ['equipment', 'machine', id] as const,
  models: ['equipment', 'models'] as const,
  plan: (id: string) => ['equipment', 'plan', id] as const,
  fit: (productId: string) => ['equipment', 'fit', productId] as const,
  registrable: (orderId: string) => ['equipment', 'registrable', orderId] as const,
  search: (qs: string) => ['equipment', 'search', qs] as const,
};

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const useMachines = (limit: number, cursor?: string) =>
  useQuery({
    queryKey: keys.machines(limit, cursor),
    queryFn: () =>
      apiPage<Machine>(
        `/equipment/machines?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    placeholderData: keepPage,
  });

export const useMachine = (id: string) =>
  useQuery({ queryKey: keys.machine(id), queryFn: () => api<MachineDetail>(`/equipment/machines/${id}`) });

export const useModels = () =>
  useQuery({ queryKey: keys.models, queryFn: () => api<EquipmentModel[]>('/equipment/models') });

export const usePlan = (modelId: string) =>
  useQuery({
    queryKey: keys.plan(modelId),
    queryFn: () => api<PlanItem[]>(`/equipment/models/${modelId}/plan`),
    enabled: !!modelId,
  });

export const useProductFit = (productId: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.fit(productId),
    queryFn: () => api<ProductFit>(`/equipment/fit/${productId}`),
    enabled,
  });

export const useRegistrable = (orderId: string) =>
  useQuery({
    queryKey: keys.registrable(orderId),
    queryFn: () => api<{ modelId: string; modelName: string }[]>(`/equipment/registrable/${orderId}`),
    enabled: !!orderId,
  });

export const useFitSearch = (qs: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.search(qs),
    queryFn: () => api<SearchResult>(`/equipment/search?${qs}`),
    enabled,
    placeholderData: keepPage,
  });

/** Every write refreshes what my equipment shows. */
function useEquipmentWrite<V, R>(call: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }) });
}

export const useRegisterMachine = () =>
  useEquipmentWrite((body: MachineCreate) => api<Machine>('/equipment/machines', json('POST', body)));

/** A machine's proof of purchase: an invoice PDF or a photo of it (decision 064, addendum). */
export const useUploadProof = () =>
  useEquipmentWrite(({ id, file }: { id: string; file: File }) =>
    uploadFile<Machine>(`/equipment/machines/${id}/proof`, 'file', file, 'proof of purchase'),
  );

export const useUpdateHours = (id: string) =>
  useEquipmentWrite((body: { runningHours: number; hoursPerWeek?: number }) =>
    api(`/equipment/machines/${id}/hours`, json('PUT', body)),
  );

export const useRecordService = (id: string) =>
  useEquipmentWrite((planItemId: string) =>
    api(`/equipment/machines/${id}/services`, json('POST', { planItemId })),
  );

/**
 * Puts a service kit in the cart. The cart (and the header's count) may already be cached from before: it is
 * refreshed before the caller moves on to the cart page, or that page would show the cart without the kit.
 */
export const useKitToCart = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planItemIds: string[]) =>
      api<{ added: number }>(`/equipment/machines/${id}/kit`, json('POST', { planItemIds })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
};

export const useCreateModel = () =>
  useEquipmentWrite((body: { name: string; productId?: string | null; warrantyMonths: number }) =>
    api<EquipmentModel>('/equipment/models', json('POST', body)),
  );

export const useAddPlanItem = (modelId: string) =>
  useEquipmentWrite((body: Record<string, unknown>) =>
    api(`/equipment/models/${modelId}/plan`, json('POST', body)),
  );

export const useRemovePlanItem = (modelId: string) =>
  useEquipmentWrite((itemId: string) =>
    api(`/equipment/models/${modelId}/plan/${itemId}`, { method: 'DELETE' }),
  );

/** A model's explicit fit list, as the admin keeps it. */
export interface FitRow {
  id: string;
  productId: string;
  productName: string;
  serialFrom: string | null;
  serialTo: string | null;
}

export const useFits = (modelId: string) =>
  useQuery({
    queryKey: ['equipment', 'fits', modelId],
    queryFn: () => api<FitRow[]>(`/equipment/models/${modelId}/fits`),
  });

export const useAddFit = (modelId: string) =>
  useEquipmentWrite((body: { productId: string; serialFrom: string | null; serialTo: string | null }) =>
    api(`/equipment/models/${modelId}/fits`, json('POST', body)),
  );

export const useReplacePart = () =>
  useEquipmentWrite(({ productId, replacedById }: { productId: string; replacedById: string | null }) =>
    api(`/equipment/parts/${productId}/replaced-by`, json('PUT', { replacedById })),
  );

/** Uploads a diagram image (the media feature's own upload) and makes it the model's diagram. */
export const useUploadDiagram = (modelId: string) =>
  useEquipmentWrite(async (file: File) => {
    const up = await uploadFile<{ data: { url: string } }>('/images', 'image', file, 'diagram image');
    return api<EquipmentModel>(`/equipment/models/${modelId}`, json('PATCH', { diagramUrl: up.data.url }));
  });

export const usePlaceHotspot = (modelId: string) =>
  useEquipmentWrite((body: { number: number; xPct: number; yPct: number; productId: string }) =>
    api(`/equipment/models/${modelId}/hotspots`, json('PUT', body)),
  );

export const useDiagram = (modelId: string) =>
  useQuery({
    queryKey: ['equipment', 'diagram', modelId],
    queryFn: () => api<Diagram>(`/equipment/models/${modelId}/diagram`),
  });

/** Adds one part to the caller's cart (the cart's own route and rules). */
export const useAddPart = (email: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      api(`/cart/${encodeURIComponent(email)}/lines`, json('POST', { productId, quantity: 1 })),
    // The header's cart count and the cart page read the cached cart.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.cart(email) }),
  });
};
