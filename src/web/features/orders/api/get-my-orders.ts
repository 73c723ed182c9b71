import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@shared/orders/orders.schema';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys/orders';

/** GET /api/myorder/{email}: the customer's own orders, newest first. */
export const getMyOrders = (email: string) => api<Order[]>(`/myorder/${encodeURIComponent(email)}`);

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({ queryKey: orderKeys.mine(email), queryFn: () => getMyOrders(email), enabled: !!email });

export const useMyOrders = (email: string | undefined) => useQuery(myOrdersQueryOptions(email ?? ''));
