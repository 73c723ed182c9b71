import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderCreate } from '@shared/orders/orders.schema';
import { ordersCalls } from '@shared/orders/orders.calls';
import { callApi } from '@/lib/call-api';
import { refreshAfterOrderChange } from '@/lib/order-refresh';

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
  callApi(ordersCalls.place, { params: { email }, body: input });

/** Places the order for `input.email` (the customer's), then refreshes the product's stock and the order lists. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderCreate & OrderCreateExtras) => createOrder(input.email, input),
    onSuccess: (_created, input) => refreshAfterOrderChange(queryClient, input.productId),
  });
}
