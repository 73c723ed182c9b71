import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { makeProduct, placeOrder } from '../../test/shop';

/** What the payment API test files share: two verified customers and a way to give either a fresh unpaid order. */
export async function paymentsApp() {
  const t: TestApp = await createTestApp({ SEED_DEMO: 'false' });
  const alice: Client = await signUp(t.app, { name: 'Alice Payer', verified: true });
  const bob: Client = await signUp(t.app, { name: 'Bob Payer', verified: true });
  await signUpAdmin(t.app);

  /** Places an order for a product of its own (plenty of stock), returning the order's id. */
  async function newOrder(client = alice, quantity = 2, priceCents = 12_345) {
    const product = await makeProduct(t.app, { quantity: 50, priceCents });
    return (await placeOrder(t.app, client, { productId: product.id, quantity })).json().insertedId as string;
  }
  const order = async (id: string, client = alice) =>
    (await t.app.inject({ url: `/api/singleorderitem/${id}`, headers: client.headers })).json();

  return { t, alice, bob, newOrder, order };
}

export type PaymentsHarness = Awaited<ReturnType<typeof paymentsApp>>;
