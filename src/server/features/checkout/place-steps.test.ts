import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { checkoutMessages } from '@shared/checkout/checkout.schema';
import { checkouts, orders, user } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { Tx } from '../../infra/db';
import type { SessionUser } from '../../http/auth-guard';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { makeCartProduct } from '../../test/cart';
import { orderDepsOf, placeOrder, stockOf } from '../../test/shop';
import { loadPricing, type ProductPricing } from '../catalogue/index';
import { CheckoutLinesError, priceStep, validateStep } from './place.price';
import { insertStep, limitsStep, notifyStep, reserveStep } from './place.write';
import { placeSale, type Sale, type SaleLine } from './place.sale';

let t: TestApp, alice: Client, buyer: SessionUser;
beforeAll(async () => {
  [t, , alice] = await appWithPeople('Alice Steps');
  const [row] = await t.app.database.db.select().from(user).where(eq(user.email, alice.email));
  buyer = { id: row!.id, email: row!.email, name: row!.name, role: 'user', emailVerified: true };
});
afterAll(() => t.close());

const delivery = { number: '+1 555 0100', address: '1 Yard Road' };
const sale = (source: Sale['source']): Sale => ({ source, delivery });

/** Runs `fn` in a transaction that is always rolled back, so a step's writes are seen and then undone. */
class Undo extends Error {}
async function rolledBack<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await t.app.database.db
    .transaction(async (tx) => {
      out = await fn(tx);
      throw new Undo();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Undo)) throw err;
    });
  return out!;
}

const product = (p: Partial<ProductPricing>): ProductPricing => ({
  id: 'p1',
  name: 'Pump',
  sku: 'P-1',
  img: '',
  priceCents: 1000,
  quantity: 10,
  minOrder: 1,
  packSize: 1,
  archived: false,
  backorderable: false,
  leadTimeDays: null,
  breaks: [],
  contractCents: null,
  ...p,
});

const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
};

describe('validateStep', () => {
  const pricing = new Map([
    ['p1', product({})],
    ['p2', product({ id: 'p2', name: 'Valve', quantity: 2 })],
    ['p3', product({ id: 'p3', name: 'Old', archived: true })],
  ]);

  it("answers Order Now as the spec's single order: 404 unknown, 409 on quantity above the stock", () => {
    const unknown = thrown(() =>
      validateStep(sale('order_now'), [{ productId: 'nope', quantity: 1 }], pricing),
    );
    expect(unknown).toMatchObject({ status: 404 });
    const archived = thrown(() =>
      validateStep(sale('order_now'), [{ productId: 'p3', quantity: 1 }], pricing),
    );
    expect(archived).toMatchObject({ status: 404 });
    const above = thrown(() => validateStep(sale('order_now'), [{ productId: 'p2', quantity: 3 }], pricing));
    expect(above).toMatchObject({ status: 409, field: 'quantity' });
    expect((above as AppError).message).toContain(messages.quantityAboveStock);
    expect(thrown(() => validateStep(sale('order_now'), [{ productId: 'p1', quantity: 3 }], pricing))).toBe(
      undefined,
    );
  });

  it('answers the cart with one 409 naming every line at fault; a quote line is held to the stock only', () => {
    const lines: SaleLine[] = [
      { productId: 'p1', quantity: 1 },
      { productId: 'p2', quantity: 3 },
      { productId: 'p3', quantity: 1 },
    ];
    const err = thrown(() => validateStep(sale('cart'), lines, pricing));
    expect(err).toBeInstanceOf(CheckoutLinesError);
    expect((err as CheckoutLinesError).lines.map((l) => l.productId)).toEqual(['p2', 'p3']);
    const quoted = [{ productId: 'p2', quantity: 2, unitPriceCents: 1 }];
    expect(thrown(() => validateStep(sale('quote'), quoted, pricing))).toBe(undefined);
  });
});

describe('priceStep', () => {
  it('prices at the break the quantity reaches, keeps a quote price, and sums goods into the total', async () => {
    const p = await makeCartProduct(t.app, {
      quantity: 100,
      priceCents: 1240,
      breaks: [{ minQuantity: 10, unitPriceCents: 1120 }],
    });
    const deps = orderDepsOf(t.app);
    const priced = await rolledBack(async (tx) => {
      const pricing = await loadPricing(tx, [p.id], buyer.id);
      const now = await priceStep(
        tx,
        deps,
        buyer,
        sale('order_now'),
        [{ productId: p.id, quantity: 10 }],
        pricing,
      );
      const quoted = await priceStep(
        tx,
        deps,
        buyer,
        sale('quote'),
        [{ productId: p.id, quantity: 10, unitPriceCents: 999 }],
        pricing,
      );
      return { now, quoted };
    });
    expect(priced.now.goods[0]!.unitPriceCents).toBe(1120);
    expect(priced.now.savings).toEqual({ quantityCents: 1200, contractCents: 0 });
    expect(priced.now.totalCents).toBe(
      11_200 + priced.now.delivery.shippingCents[0]! + priced.now.delivery.taxCents[0]!,
    );
    expect(priced.quoted.goods[0]!.unitPriceCents).toBe(999);
    expect(priced.quoted.savings).toEqual({ quantityCents: 0, contractCents: 0 });
  });

  it('refuses a sale over the cap before anything is written: on quantity for Order Now, whole for a cart', async () => {
    const p = await makeCartProduct(t.app, { quantity: 100_000, priceCents: 100_000_00 });
    const deps = orderDepsOf(t.app);
    const lines = [{ productId: p.id, quantity: 20 }];
    const errors = await rolledBack(async (tx) => {
      const pricing = await loadPricing(tx, [p.id], buyer.id);
      const now = await priceStep(tx, deps, buyer, sale('order_now'), lines, pricing).catch(
        (e: unknown) => e,
      );
      const cart = await priceStep(tx, deps, buyer, sale('cart'), lines, pricing).catch((e: unknown) => e);
      return { now, cart };
    });
    expect(errors.now).toMatchObject({ status: 400, field: 'quantity' });
    expect(errors.cart).toMatchObject({ status: 400 });
    expect((errors.cart as AppError).message).toContain('$999,999.99');
  });
});

describe('limitsStep, insertStep, reserveStep, notifyStep', () => {
  it('refuses an unverified customer before anything is written (403)', async () => {
    const p = await makeCartProduct(t.app, { quantity: 5 });
    const deps = orderDepsOf(t.app);
    await t.app.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, buyer.id));
    try {
      const err = await rolledBack(async (tx) => {
        const pricing = await loadPricing(tx, [p.id], buyer.id);
        const lines = [{ productId: p.id, quantity: 1 }];
        const priced = await priceStep(tx, deps, buyer, sale('cart'), lines, pricing);
        return limitsStep(tx, deps, buyer, sale('cart'), priced).catch((e: unknown) => e);
      });
      expect(err).toMatchObject({ status: 403 });
    } finally {
      await t.app.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, buyer.id));
    }
  });

  it('inserts a checkout row with its lines in product-id order, for the cart and for Order Now alike', async () => {
    const a = await makeCartProduct(t.app, { quantity: 5 });
    const b = await makeCartProduct(t.app, { quantity: 5 });
    const deps = orderDepsOf(t.app);
    const out = await rolledBack(async (tx) => {
      const lines = [
        { productId: b.id, quantity: 2 },
        { productId: a.id, quantity: 1 },
      ];
      const pricing = await loadPricing(
        tx,
        lines.map((l) => l.productId),
        buyer.id,
      );
      const priced = await priceStep(tx, deps, buyer, sale('cart'), lines, pricing);
      const cart = await insertStep(tx, buyer, sale('cart'), priced, null);
      const onePriced = await priceStep(tx, deps, buyer, sale('order_now'), [lines[0]!], pricing);
      const now = await insertStep(tx, buyer, sale('order_now'), onePriced, null);
      const stored = await tx.select().from(checkouts).where(eq(checkouts.id, cart.co.id));
      return { cart, now, stored };
    });
    expect(out.stored).toHaveLength(1);
    expect(out.cart.lines.map((l) => l.productId)).toEqual([a.id, b.id].sort());
    expect(out.cart.lines.every((l) => l.checkoutId === out.cart.co.id)).toBe(true);
    expect(out.cart.co.source).toBe('cart');
    // Order Now is a one-line checkout too, which takes its line's id (the spec's /api/order/{id} names both).
    expect(out.now.co.source).toBe('order_now');
    expect(out.now.lines.map((l) => [l.id, l.checkoutId])).toEqual([[out.now.co.id, out.now.co.id]]);
  });

  it('reserves each line, and refuses the sale when the stock went: 409 quantity (Order Now) or naming the line', async () => {
    const p = await makeCartProduct(t.app, { quantity: 3 });
    const deps = orderDepsOf(t.app);
    const results = await rolledBack(async (tx) => {
      const lines = [{ productId: p.id, quantity: 2 }];
      const pricing = await loadPricing(tx, [p.id], buyer.id);
      const priced = await priceStep(tx, deps, buyer, sale('cart'), lines, pricing);
      const first = await insertStep(tx, buyer, sale('cart'), priced, null);
      const reserved = await reserveStep(tx, deps, sale('cart'), priced, first.lines);
      // Only one unit is left now: a second sale of two finds its stock gone after it was read.
      const second = await insertStep(tx, buyer, sale('cart'), priced, null);
      const cartErr = await reserveStep(tx, deps, sale('cart'), priced, second.lines).catch(
        (e: unknown) => e,
      );
      return { reserved, cartErr };
    });
    expect(results.reserved).toHaveLength(1);
    expect(results.cartErr).toBeInstanceOf(CheckoutLinesError);
    expect((results.cartErr as CheckoutLinesError).lines[0]!.problem).toBe(messages.quantityAboveStock);
    const nowErr = await rolledBack(async (tx) => {
      const lines = [{ productId: p.id, quantity: 3 }];
      const pricing = await loadPricing(tx, [p.id], buyer.id);
      const priced = await priceStep(tx, deps, buyer, sale('order_now'), lines, pricing);
      const one = await insertStep(tx, buyer, sale('order_now'), priced, null);
      await reserveStep(tx, deps, sale('order_now'), priced, one.lines);
      const again = await insertStep(tx, buyer, sale('order_now'), priced, null);
      return reserveStep(tx, deps, sale('order_now'), priced, again.lines).catch((e: unknown) => e);
    });
    expect(nowErr).toMatchObject({ status: 409, field: 'quantity' });
    expect(await stockOf(t.app, p.id)).toBe(3);
  });

  it("queues the sale's one mail in its transaction: Order Now's order mail, a checkout's mail", async () => {
    const p = await makeCartProduct(t.app, { quantity: 5 });
    const deps = orderDepsOf(t.app);
    const sent: string[] = [];
    const spy = {
      ...deps,
      mail: { ...deps.mail, mailer: { send: async (m: { subject: string }) => void sent.push(m.subject) } },
    };
    await rolledBack(async (tx) => {
      const lines = [{ productId: p.id, quantity: 1 }];
      const pricing = await loadPricing(tx, [p.id], buyer.id);
      for (const source of ['order_now', 'cart'] as const) {
        const priced = await priceStep(tx, deps, buyer, sale(source), lines, pricing);
        const placed = await insertStep(tx, buyer, sale(source), priced, null);
        await notifyStep(tx, spy as unknown as typeof deps, buyer, placed);
      }
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]).not.toBe(sent[0]);
  });
});

describe('placeSale', () => {
  it('writes nothing when its last step refuses: no line, no checkout, no reservation', async () => {
    const p = await makeCartProduct(t.app, { quantity: 4 });
    const deps = orderDepsOf(t.app);
    const before = await t.app.database.db.select().from(orders).where(eq(orders.productId, p.id));
    const err = await placeSale(deps, buyer, sale('cart'), {
      lines: async () => [{ productId: p.id, quantity: 2 }],
      done: async () => {
        throw new AppError('conflict', checkoutMessages.emptyCart);
      },
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409 });
    const after = await t.app.database.db.select().from(orders).where(eq(orders.productId, p.id));
    expect(after).toHaveLength(before.length);
    expect(await stockOf(t.app, p.id)).toBe(4);
  });

  it('is what Order Now enters: the spec call places one line through it', async () => {
    const p = await makeCartProduct(t.app, { quantity: 4 });
    const res = await placeOrder(t.app, alice, { productId: p.id, quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Your order for 1 × /);
    expect(await stockOf(t.app, p.id)).toBe(3);
  });
});
