import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Checkout } from '@shared/checkout/checkout.schema';
import type { PriceBreakCents } from '@shared/catalogue/pricing';
import { checkouts, productPriceBreaks, products } from '../db/schema';
import type { Client } from './auth';
import { expireAllUnpaid, makeProduct } from './shop';

let n = 0;
/** A product with a SKU of its own, and the pack size and price breaks a cart test needs. */
export async function makeCartProduct(
  app: FastifyInstance,
  p: {
    quantity?: number;
    minOrder?: number;
    priceCents?: number;
    packSize?: number;
    breaks?: PriceBreakCents[];
    sku?: string;
  } = {},
) {
  const row = await makeProduct(app, p);
  const sku = p.sku ?? `CART-${Date.now().toString(36)}-${++n}`.toUpperCase();
  await app.database.db
    .update(products)
    .set({ sku, packSize: p.packSize ?? 1 })
    .where(eq(products.id, row.id));
  if (p.breaks?.length)
    await app.database.db
      .insert(productPriceBreaks)
      .values(p.breaks.map((b) => ({ productId: row.id, ...b })));
  return { ...row, sku, packSize: p.packSize ?? 1 };
}

/** Changes a product behind the shop's back, as an admin or a script would. */
export const changeProduct = (
  app: FastifyInstance,
  id: string,
  set: Partial<{
    priceCents: number;
    quantity: number;
    minOrder: number;
    packSize: number;
    archivedAt: Date;
  }>,
) => app.database.db.update(products).set(set).where(eq(products.id, id));

/** The cart calls as a browser makes them. */
export const cartApi = (app: FastifyInstance, client: Client, email = client.email) => ({
  get: () => app.inject({ url: `/api/cart/${email}`, headers: client.headers }),
  add: (productId: string, quantity: number) =>
    app.inject({
      method: 'POST',
      url: `/api/cart/${email}/lines`,
      headers: client.headers,
      payload: { productId, quantity },
    }),
  set: (productId: string, quantity: number) =>
    app.inject({
      method: 'PUT',
      url: `/api/cart/${email}/lines/${productId}`,
      headers: client.headers,
      payload: { quantity },
    }),
  remove: (productId: string) =>
    app.inject({ method: 'DELETE', url: `/api/cart/${email}/lines/${productId}`, headers: client.headers }),
  empty: () => app.inject({ method: 'DELETE', url: `/api/cart/${email}`, headers: client.headers }),
  price: (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/cart/${email}/price`, headers: client.headers, payload }),
  quickOrder: (text: string, dryRun?: boolean) =>
    app.inject({
      method: 'POST',
      url: `/api/cart/${email}/quick-order`,
      headers: client.headers,
      payload: { text, ...(dryRun === undefined ? {} : { dryRun }) },
    }),
});

/** The checkout calls as a browser makes them (docs/decisions/024-checkout.md). */
export const checkoutApi = (app: FastifyInstance, client: Client) => ({
  create: (body: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/checkout/${client.email}`,
      headers: client.headers,
      payload: { number: '+1 555 0100', address: '1 Yard Road', ...body },
    }),
  get: (id: string) => app.inject({ url: `/api/checkout/${id}`, headers: client.headers }),
  invoices: (id: string) => app.inject({ url: `/api/checkout/${id}/invoices`, headers: client.headers }),
  cancel: (id: string) =>
    app.inject({ method: 'DELETE', url: `/api/checkout/${id}`, headers: client.headers }),
  /** make-payment with the checkout's id, the test card, then PUT /api/checkout/{id}, as the payment page does. */
  async pay(id: string) {
    const intent = await app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: client.headers,
      payload: { checkoutId: id },
    });
    if (intent.statusCode !== 200) throw new Error(`make-payment: ${intent.statusCode} ${intent.body}`);
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: client.headers,
      payload: {
        clientSecret: intent.json().clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
    });
    if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
    const transactionId = confirm.json().transactionId as string;
    const put = () =>
      app.inject({
        method: 'PUT',
        url: `/api/checkout/${id}`,
        headers: client.headers,
        payload: { transactionId },
      });
    return { intent, transactionId, put };
  },
});

/** A two-line checkout of `client`'s, not yet paid: 3 drills at $20 and 4 saws at $15, 10 of each in stock. */
export async function twoLineCheckout(app: FastifyInstance, client: Client) {
  const drill = await makeCartProduct(app, { priceCents: 2_000, quantity: 10 });
  const saw = await makeCartProduct(app, { priceCents: 1_500, quantity: 10 });
  const cart = cartApi(app, client);
  await cart.add(drill.id, 3);
  await cart.add(saw.id, 4);
  const res = await checkoutApi(app, client).create({ company: 'Acme', poNumber: 'PO-9' });
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  return { co: res.json() as Checkout, drill, saw };
}

/**
 * Expires a checkout's lines although a payment was started for it, as the bulk expiry did before it left such
 * checkouts to the settling sweep (and as a payment recorded in the same instant as the expiry still can): the state
 * the late-payment rules exist for.
 */
export async function expireDespiteIntent(app: FastifyInstance, checkoutId: string) {
  const { db } = app.database;
  const [co] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  await db.update(checkouts).set({ paymentIntentId: null }).where(eq(checkouts.id, checkoutId));
  await expireAllUnpaid(app);
  await db
    .update(checkouts)
    .set({ paymentIntentId: co!.paymentIntentId })
    .where(eq(checkouts.id, checkoutId));
}
