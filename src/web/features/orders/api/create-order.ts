import { useQueryClient } from '@tanstack/react-query';
import type { OrderCreate } from '@shared/orders/orders.schema';
import { api } from '@/lib/api-client';

export interface OrderCreated {
  acknowledged: true;
  insertedId: string;
  /** The server's words for the success toast (SPEC §8). */
  message: string;
}

/**
 * The extra fields SPEC §7 sends with an order. The server ignores them (it takes them from the session and the
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
    queryClient.invalidateQueries({ queryKey: ['orders'] }),
    queryClient.invalidateQueries({ queryKey: productId ? ['product', productId] : ['product'] }),
    queryClient.invalidateQueries({ queryKey: ['products'] }),
  ]);
