import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';
import { makeProduct, placeOrder, stockOf } from '../../test/shop';

// PostgreSQL only: real concurrent transactions on a connection pool.
let t: TestApp;
let customers: Client[];

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  customers = [];
  for (let i = 0; i < 5; i++) customers.push(await signUp(t.app, { name: `Racer ${i}`, verified: true }));
});
afterAll(() => t.close());

describe('stock under concurrency', () => {
  it('50 simultaneous orders of 1 against stock 10: exactly 10 succeed, stock ends at 0, the rest get 409', async () => {
    const product = await makeProduct(t.app, { quantity: 10, minOrder: 1 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        placeOrder(t.app, customers[i % customers.length]!, { productId: product.id, quantity: 1 }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await stockOf(t.app, product.id)).toBe(0);
  });

  it("one customer's 30 simultaneous orders over two products: exactly the limit (5) succeed, no deadlock", async () => {
    const limited = await createTestApp({ SEED_DEMO: 'false', MAX_UNPAID_ORDERS: '5' });
    try {
      const products = [
        await makeProduct(limited.app, { quantity: 100 }),
        await makeProduct(limited.app, { quantity: 100 }),
      ];
      const buyer = await signUp(limited.app, { name: 'Busy Buyer', verified: true });
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          placeOrder(limited.app, buyer, { productId: products[i % 2]!.id, quantity: 1 }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(25);
      const left = await Promise.all(products.map((p) => stockOf(limited.app, p.id)));
      expect(left[0]! + left[1]!).toBe(195);
    } finally {
      await limited.close();
    }
  });

  it('concurrent cancels of one order release its stock once', async () => {
    const product = await makeProduct(t.app, { quantity: 5 });
    const owner = customers[0]!;
    const id = (await placeOrder(t.app, owner, { productId: product.id, quantity: 5 })).json().insertedId;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: owner.headers }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await stockOf(t.app, product.id)).toBe(5);
  });
});
