import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersCalls } from '@shared/orders/orders.calls';
import { callApi } from '@/lib/call-api';
import { orderKeys } from '@/lib/query-keys/orders';

/** GET /api/singleorderitem/{id}: one order (its owner or an admin). */
export const getOrder = (id: string) => callApi(ordersCalls.order, { params: { id } });

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.item(id), queryFn: () => getOrder(id), enabled: !!id });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
