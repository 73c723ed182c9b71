import { useQueryClient } from '@tanstack/react-query';
import type { OrderCreate } from '@shared/orders/orders.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys/catalogue';
import { orderKeys } from '@/lib/query-keys/orders';

export interface OrderCreated {
  acknowledged: true;
  insertedId: string;
  /** The server's words for the success toast. */
  message: string;
}

/**
 * The extra fields the old client sent with an order. The server ignores them (it takes them from the session and the
 * catalogue); they are sent so the request matches the documented payload.
 */
export interface OrderCreateExtras {
  name: string;
  email: string;
  productName: string;
  price: number;
  paymentStatus: false;
  orderStatus: 'Pending';
  review: false;
}

/** POST /api/order/{email}: places an order for the logged-in customer (400 on a rule, 409 when stock ran out). */
export const createOrder = (email: string, input: OrderCreate & Partial<OrderCreateExtras>) =>
  api<OrderCreated>(`/order/${encodeURIComponent(email)}`, { method: 'POST', body: JSON.stringify(input) });

/** Places the order, then refreshes the product's stock and the order lists. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return async (email: string, input: OrderCreate & Partial<OrderCreateExtras>) => {
    const created = await createOrder(email, input);
    await refreshAfterOrderChange(queryClient, input.productId);
    return created;
  };
}

/** Stock and order lists change together: after placing, cancelling or when stock ran out meanwhile. */
export const refreshAfterOrderChange = (queryClient: ReturnType<typeof useQueryClient>, productId?: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    queryClient.invalidateQueries({ queryKey: catalogueKeys.product(productId) }),
    queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  ]);
