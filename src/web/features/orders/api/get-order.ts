import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@shared/orders/orders.schema';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys/orders';

/** GET /api/singleorderitem/{id}: one order (its owner or an admin). */
export const getOrder = (id: string) => api<Order>(`/singleorderitem/${encodeURIComponent(id)}`);

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.item(id), queryFn: () => getOrder(id), enabled: !!id });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
