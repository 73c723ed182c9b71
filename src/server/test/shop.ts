import type { FastifyInstance } from 'fastify';
import { products } from '../db/schema';
import { expireUnpaidOrders, orderDeps, type OrderDeps } from '../features/orders/orders.service';
import type { Client } from './auth';

let n = 0;
/** A product of the test's own, with exactly the stock and rules it needs. */
export async function makeProduct(
  app: FastifyInstance,
  p: { quantity?: number; minOrder?: number; priceCents?: number; name?: string } = {},
) {
  const [row] = await app.database.db
    .insert(products)
    .values({
      name: p.name ?? `Test Compressor ${++n}-${Date.now().toString(36)}`,
      img: '/media/products/test.webp',
      priceCents: p.priceCents ?? 12_550,
      quantity: p.quantity ?? 20,
      minOrder: p.minOrder ?? 1,
      description: 'A compressor for tests.',
    })
    .returning();
  // Written straight to the database, as a script would: announce it the way the admin routes do.
  await app.readCache.changed('catalogue');
  return row!;
}

export async function stockOf(app: FastifyInstance, productId: string): Promise<number> {
  const res = await app.inject({ url: '/api/products' });
  return (res.json() as { _id: string; quantity: number }[]).find((p) => p._id === productId)!.quantity;
}

export function placeOrder(app: FastifyInstance, client: Client, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `/api/order/${client.email}`,
    headers: client.headers,
    payload: { number: '+1 555 0100', address: '1 Yard Road', ...body },
  });
}

/** Pays an order through the built-in test processor, as the payment page does; returns the transaction id. */
export async function payOrder(
  app: FastifyInstance,
  client: Client,
  orderId: string,
  card = '4242 4242 4242 4242',
) {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/make-payment',
    headers: client.headers,
    payload: { orderId, total: 1 },
  });
  if (intent.statusCode !== 200) return { intent, confirm: undefined, pay: undefined };
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    headers: client.headers,
    payload: { clientSecret: intent.json().clientSecret, cardNumber: card, expiry: '12/40', cvc: '123' },
  });
  if (confirm.statusCode !== 200) return { intent, confirm, pay: undefined };
  const pay = await app.inject({
    method: 'PUT',
    url: `/api/order/${orderId}`,
    headers: client.headers,
    payload: {
      email: client.email,
      name: 'x',
      phone: '5550100',
      total: 1,
      transactionId: confirm.json().transactionId,
    },
  });
  return { intent, confirm, pay };
}

/** The orders service's dependencies as the app's routes build them, for tests that call the service directly. */
export const orderDepsOf = (app: FastifyInstance): OrderDeps =>
  orderDeps({
    db: app.database.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
    payments: app.payments,
    jobs: app.jobs,
  });

/** Runs the expiry sweep's bulk part as if every unpaid order's window had passed (stock goes back). */
export const expireAllUnpaid = (app: FastifyInstance) =>
  expireUnpaidOrders(app.database.db, 0, orderDepsOf(app).mail, new Date(Date.now() + 60_000));
