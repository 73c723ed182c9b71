import type { FastifyInstance } from 'fastify';
import type { Client } from './auth';
import { makeProduct, payOrder, placeOrder } from './shop';
import { shipmentsApi, ups } from './shipments';

/** The returns' calls as the buyer's dialog and the admin's page make them (docs/decisions/065-returns.md). */
export const returnsApi = (app: FastifyInstance, who: Client) => {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload !== undefined && { payload: payload as object }),
    });
  return {
    create: (body: unknown) => call('POST', '/api/returns', body),
    mine: (query = '') => call('GET', `/api/returns/mine${query}`),
    list: (query = '') => call('GET', `/api/returns${query}`),
    get: (id: string) => call('GET', `/api/returns/${id}`),
    approve: (id: string, instructions = 'Ship it to 1 Dock Road, Dallas, with the RMA on the box.') =>
      call('POST', `/api/returns/${id}/approve`, { instructions }),
    reject: (id: string, reason = 'Used parts cannot be returned.') =>
      call('POST', `/api/returns/${id}/reject`, { reason }),
    receive: (id: string, lines: { lineId: string; restock: number; scrap: number }[]) =>
      call('POST', `/api/returns/${id}/receive`, { lines }),
    resolve: (id: string, resolution: 'refund' | 'replace' = 'refund') =>
      call('POST', `/api/returns/${id}/resolve`, { resolution }),
    policies: () => call('GET', '/api/return-policies'),
    setPolicies: (body: unknown) => call('PUT', '/api/return-policies', body),
  };
};

/** A paid order of `quantity` units at `priceCents` of a product with 20 in stock, `shipped` of them shipped. */
export async function shippedOrder(
  app: FastifyInstance,
  admin: Client,
  buyer: Client,
  o: { quantity: number; shipped: number; priceCents?: number },
) {
  const product = await makeProduct(app, { quantity: 20, priceCents: o.priceCents ?? 40_00 });
  const placed = await placeOrder(app, buyer, { productId: product.id, quantity: o.quantity });
  if (placed.statusCode !== 200) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
  const orderId = placed.json().insertedId as string;
  const paid = await payOrder(app, buyer, orderId);
  if (paid.pay?.statusCode !== 200) throw new Error(`pay: ${paid.pay?.body}`);
  if (o.shipped > 0) {
    const res = await shipmentsApi(app, admin).create(ups([{ orderId, quantity: o.shipped }]));
    if (res.statusCode !== 201) throw new Error(`ship: ${res.statusCode} ${res.body}`);
  }
  return { productId: product.id, orderId };
}
