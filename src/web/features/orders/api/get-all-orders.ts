import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@shared/orders/orders.schema';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys/orders';

/** GET /api/order: every order of the shop (admin only). */
export const getAllOrders = () => api<Order[]>('/order');

export const allOrdersQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.list(), queryFn: getAllOrders });

export const useAllOrders = () => useQuery(allOrdersQueryOptions());
