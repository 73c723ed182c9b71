import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';
import { newProduct } from './products';

/** The pricing tests' product: a brass coupling sold ten at a time. */
const coupling = {
  price: 12.4,
  quantity: 200,
  minOrder: 10,
  desc: 'Half-inch brass coupling for air lines.',
};

/** Opens the Manage Products edit dialog of the product called `name`. */
async function editProduct(admin: Page, name: string) {
  await admin.goto('/dashboard/manage-product');
  await expect(admin.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
  await admin.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /Edit/ }).click();
  return admin.getByRole('dialog', { name: `Edit ${name}` });
}

test('an admin sells a product in packs with price breaks; the customer is priced as the table says', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(150_000);
  const name = `Brass Coupling ${Date.now().toString(36)}`;
  const product = await newProduct(admin, { name, ...coupling });

  const edit = await editProduct(admin, name);
  await edit.getByLabel('Pack size').fill('10');
  await edit.getByRole('button', { name: 'Add price break' }).click();
  const first = edit.getByRole('group', { name: 'Price break 1' });
  await first.getByLabel('From quantity').fill('20');
  await first.getByLabel('Unit price').fill('11.20');
  await edit.getByRole('button', { name: 'Add price break' }).click();
  const second = edit.getByRole('group', { name: 'Price break 2' });
  await second.getByLabel('From quantity').fill('50');
  await second.getByLabel('Unit price').fill('9.90');
  await expectAccessible(admin, 'edit product with price breaks');
  await edit.getByRole('button', { name: 'Save changes', exact: true }).click();
  await expect(admin.getByText('Update successfully')).toBeVisible();
  const saved = (await (await admin.request.get(`/api/product/${product._id}`)).json()) as {
    packSize: number;
    priceBreaks: unknown;
  };
  expect(saved).toMatchObject({
    packSize: 10,
    priceBreaks: [
      { minQuantity: 20, price: 11.2 },
      { minQuantity: 50, price: 9.9 },
    ],
  });

  const customer = await register({ name: 'Pia Packs' });
  await verifyEmail(customer);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Sold in packs of 10')).toBeVisible();
  const table = page.getByRole('table', { name: 'Price per unit by quantity' });
  await expect(table.getByRole('row')).toHaveText([
    'QuantityUnit price',
    '10–19$12.40',
    '20–49$11.20',
    '50+$9.90',
  ]);
  await expectAccessible(page, 'product with price breaks');

  await page.getByRole('button', { name: 'Order Now' }).click();
  const modal = page.getByRole('dialog', { name: `Order ${name}` });
  const quantity = modal.getByLabel('Quantity');
  await expect(quantity).toHaveValue('10');
  await expect(quantity).toHaveAttribute('step', '10');
  await quantity.fill('25');
  await expect(modal.getByText('This product is sold in packs of 10: order a multiple of 10.')).toBeVisible();
  await quantity.fill('50');
  await expect(
    modal.getByText('Unit price $9.90 at this quantity — you save $125.00 with the quantity price'),
  ).toBeVisible();
  await expect(modal.getByRole('status', { name: 'Total' })).toHaveText('$495.00');
  await expectAccessible(page, 'order modal with a price break');
  await modal.getByLabel('Number').fill('5550100');
  await modal.getByLabel('Address').fill('4 Fitting Row');
  await modal.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/is placed at \$9\.90 each, \$495\.00 in total/)).toBeVisible();

  const orders = (await (await page.request.get(`/api/myorder/${customer.email}`)).json()) as {
    productId: string;
    quantity: number;
    price: number;
    total: number;
  }[];
  expect(orders.find((o) => o.productId === product._id)).toMatchObject({
    quantity: 50,
    price: 9.9,
    total: 495,
  });
});

test('a customer asks to be told when a product is back, and can withdraw it', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(90_000);
  const name = `Hose Reel ${Date.now().toString(36)}`;
  const product = await newProduct(admin, { name, ...coupling, price: 89, quantity: 20, minOrder: 5 });
  const edit = await editProduct(admin, name);
  await edit.getByLabel('Stock').fill('3');
  await edit.getByRole('button', { name: 'Save changes', exact: true }).click();
  await expect(admin.getByText('Update successfully')).toBeVisible();

  const nora = await register({ name: 'Nora Notify' });
  await page.goto(`/product/${product._id}`);
  await expect(
    page.getByText("This product can't be ordered right now: not enough stock for the minimum order."),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Order Now' })).toHaveCount(0);
  // The notice is a mail: it waits for a verified address, as ordering does.
  await page.getByRole('button', { name: "Notify me when it's back" }).click();
  await expect(page.getByText(/Please verify your email address before asking to be told/)).toBeVisible();
  await verifyEmail(nora);
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: "Notify me when it's back" }).click();
  await expect(page.getByText("We'll email you when it's back in stock.")).toBeVisible();
  await expectAccessible(page, 'product waiting for stock');

  // The request is the server's, not the page's: it is still there after a reload.
  await page.reload();
  const cancel = page.getByRole('button', { name: 'Cancel notification' });
  await expect(cancel).toBeVisible();
  await cancel.click();
  await expect(page.getByRole('button', { name: "Notify me when it's back" })).toBeVisible();
  await expect(page.getByText("We'll email you when it's back in stock.")).toHaveCount(0);
});
