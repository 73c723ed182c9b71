import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersCalls } from '@shared/orders/orders.calls';
import { callApi } from '@/lib/call-api';
import { orderKeys } from '@/lib/query-keys/orders';

/** PUT /api/delivery/{id} (admin, no body): marks a paid order Delivered; 409 unless paid and not delivered. */
export const deliverOrder = (id: string) => callApi(ordersCalls.deliver, { params: { id } });

/** Delivers (`mutateAsync(id)`), then refreshes the order lists. */
export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
