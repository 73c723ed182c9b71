import { cartCalls } from '@shared/cart/cart.calls';
import { callApi } from '@/lib/call-api';

/** POST /api/order/{id}/reorder or /api/checkout/{id}/reorder: the lines go into the cart at today's prices. */
export const reorder = (target: { orderId: string } | { checkoutId: string }) =>
  'orderId' in target
    ? callApi(cartCalls.reorderOrder, { params: { id: target.orderId } })
    : callApi(cartCalls.reorderCheckout, { params: { id: target.checkoutId } });
