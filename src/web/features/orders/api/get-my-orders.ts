import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ordersCalls } from '@shared/orders/orders.calls';
import { callApiPage } from '@/lib/api-page';
import { orderKeys } from '@/lib/query-keys/orders';

/** Orders per page of My Orders: a screenful or two; "Show more orders" loads the next. */
export const MY_ORDERS_PAGE_SIZE = 50;

/** GET /api/myorder/{email}: one page of the customer's own orders, newest first. */
export const getMyOrders = (email: string, cursor?: string) =>
  callApiPage(ordersCalls.mine, { params: { email }, query: { limit: MY_ORDERS_PAGE_SIZE, cursor } });

export const myOrdersQueryOptions = (email: string) =>
  infiniteQueryOptions({
    queryKey: orderKeys.mine(email),
    queryFn: ({ pageParam }) => getMyOrders(email, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !!email,
  });

/** The pages loaded so far, as one list with the total the server counted. */
export const useMyOrders = (email: string) =>
  useInfiniteQuery({
    ...myOrdersQueryOptions(email),
    select: (data) => ({
      orders: data.pages.flatMap((page) => page.items),
      total: data.pages[0]?.total ?? 0,
    }),
  });
