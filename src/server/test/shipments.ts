import type { FastifyInstance } from 'fastify';
import type { Order } from '@shared/orders/orders.schema';
import type { Client } from './auth';

/** The shipments' calls as the admin page makes them (docs/decisions/038-fulfilment.md). */
export const shipmentsApi = (app: FastifyInstance, who: Client | null) => ({
  create: (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/shipments', headers: who?.headers ?? {}, payload: body }),
  bulk: (shipments: Record<string, unknown>[]) =>
    app.inject({
      method: 'POST',
      url: '/api/shipments/bulk',
      headers: who?.headers ?? {},
      payload: { shipments },
    }),
  get: (id: string) => app.inject({ url: `/api/shipments/${id}`, headers: who?.headers ?? {} }),
  ofOrder: (orderId: string) =>
    app.inject({ url: `/api/order/${orderId}/shipments`, headers: who?.headers ?? {} }),
  packingSlip: (id: string) =>
    app.inject({ url: `/api/shipments/${id}/packing-slip`, headers: who?.headers ?? {} }),
});

/** One order as `who` reads it through the spec's call. */
export async function orderAs(app: FastifyInstance, who: Client, id: string): Promise<Order> {
  const res = await app.inject({ url: `/api/singleorderitem/${id}`, headers: who.headers });
  if (res.statusCode !== 200) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

/** A UPS shipment body for these lines. */
export const ups = (lines: { orderId: string; quantity?: number }[], n = '1Z999AA10123456784') => ({
  lines,
  carrier: 'UPS',
  trackingNumber: n,
  trackingUrl: `https://www.ups.com/track?tracknum=${n}`,
});
