import type { ReorderResult } from '@shared/cart/cart.schema';
import { api } from '@/lib/api-client';

/** POST /api/order/{id}/reorder or /api/checkout/{id}/reorder: the lines go into the cart at today's prices. */
export const reorder = (target: { orderId: string } | { checkoutId: string }) =>
  api<ReorderResult>(
    'orderId' in target ? `/order/${target.orderId}/reorder` : `/checkout/${target.checkoutId}/reorder`,
    { method: 'POST' },
  );
