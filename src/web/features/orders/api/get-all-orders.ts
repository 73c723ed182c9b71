import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSort } from '@shared/orders/orders-list.schema';
import type { OrderStatus } from '@shared/orders/orders.schema';
import type { FulfilmentState } from '@shared/orders/order-status';
import { ordersCalls } from '@shared/orders/orders.calls';
import { callApiPage, keepPage } from '@/lib/api-page';
import { orderKeys } from '@/lib/query-keys/orders';

export interface OrderListParams {
  limit: string;
  sort: OrderSort;
  status?: OrderStatus | undefined;
  fulfilment?: FulfilmentState | undefined;
  paid?: 'true' | 'false' | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
}

/** GET /api/order (admin): one page of every customer's orders. */
export const getAllOrders = (params: OrderListParams) => callApiPage(ordersCalls.all, { query: params });

export const allOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list({ ...params }),
    queryFn: () => getAllOrders(params),
    // The page stays on screen, dimmed, while the next one loads.
    placeholderData: keepPage,
  });

export const useAllOrders = (params: OrderListParams) => useQuery(allOrdersQueryOptions(params));
