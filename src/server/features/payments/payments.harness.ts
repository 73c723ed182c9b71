import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { makeProduct, placeOrder } from '../../test/shop';

/**
 * What the payment API test files share: their own app with two verified customers (set before the file's tests
 * run), and a way to give either of them a fresh unpaid order.
 */
export function paymentsTestShop() {
  const shop = {} as { t: TestApp; alice: Client; bob: Client };
  beforeAll(async () => {
    [shop.t, , shop.alice, shop.bob] = await appWithPeople('Alice Payer', 'Bob Payer');
  });
  afterAll(() => shop.t.close());

  /** Places an order for a product of its own (plenty of stock), returning the order's id. */
  async function newOrder(client = shop.alice, quantity = 2, priceCents = 12_345) {
    const product = await makeProduct(shop.t.app, { quantity: 50, priceCents });
    return (await placeOrder(shop.t.app, client, { productId: product.id, quantity })).json()
      .insertedId as string;
  }
  const order = async (id: string, client = shop.alice) =>
    (await shop.t.app.inject({ url: `/api/singleorderitem/${id}`, headers: client.headers })).json();

  return { shop, newOrder, order };
}
