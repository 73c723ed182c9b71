import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipmentCreate } from '@shared/fulfilment/fulfilment.schema';
import { fulfilmentCalls } from '@shared/fulfilment/fulfilment.calls';
import { callApi } from '@/lib/call-api';
import { orderKeys } from '@/lib/query-keys/orders';

/**
 * POST /api/shipments for one shipment, POST /api/shipments/bulk for several (all or none; errors name
 * `shipments.N.…`). Answers the shipments made.
 */
export async function createShipments(shipments: ShipmentCreate[]) {
  if (shipments.length === 1) return [await callApi(fulfilmentCalls.create, { body: shipments[0]! })];
  return (await callApi(fulfilmentCalls.bulk, { body: { shipments } })).shipments;
}

/** Ships (`mutateAsync(shipments)`), then refreshes the order lists, which show the lines' shipments. */
export function useCreateShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
