import type { Page } from '@playwright/test';
import { test, expect, confirmDialog, expectAccessible } from './fixtures';
import { orderingCandidates, seededProducts, type ApiProduct } from './products';

/** Tests run in parallel: each picks its own product, so their stock checks don't race. */
async function productWithMinOrder(page: Page, which: 'first' | 'last'): Promise<ApiProduct> {
  const candidates = orderingCandidates(await seededProducts(page));
  return which === 'first' ? candidates[0]! : candidates.at(-1)!;
}

async function stock(page: Page, id: string) {
  const products = (await (await page.request.get('/api/products')).json()) as ApiProduct[];
  return products.find((p) => p._id === id)!.quantity;
}

test('order → declined card → paid → delivered → reviewed, shown in My reviews and on the product page', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(150_000);
  // Names and texts of this run only: a retry orders the same product again, beside the first try's review.
  const tag = Date.now().toString(36);
  const customerName = `Olga Orderer ${tag}`;
  const reviewText = `Runs all day without overheating (${tag}).`;
  await verifyEmail(await register({ name: customerName }));
  const product = await productWithMinOrder(page, 'first');
  const before = await stock(page, product._id);

  await page.goto('/our-products');
  await page.getByRole('link', { name: `Order Now: ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expectAccessible(page, 'product');

  await page.getByRole('button', { name: 'Order Now' }).click();
  const modal = page.getByRole('dialog', { name: `Order ${product.name}` });
  await expect(modal.getByLabel('Quantity')).toHaveValue(String(product.minOrder));
  await modal.getByLabel('Quantity').fill(String(product.minOrder - 1));
  await modal.getByRole('button', { name: 'Place order' }).click();
  await expect(modal.getByText('You cannot order below the minimum order.')).toBeVisible();
  await expect(modal.getByText('Number is required')).toBeVisible();
  await expect(modal.getByText('Address is required')).toBeVisible();
  await modal.getByLabel('Quantity').fill(String(product.quantity + 1));
  await expect(modal.getByText('You can not buy more then stock')).toBeVisible();
  await modal.getByLabel('Quantity').fill(String(product.minOrder));
  await modal.getByLabel('Number').fill('5550100');
  await modal.getByLabel('Address').fill('12 Foundry Lane, Springfield');
  await modal.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/is placed/)).toBeVisible();
  // A placed order is confirmed only once paid: the buyer lands on its payment page.
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]+$/);
  expect(await stock(page, product._id)).toBe(before - product.minOrder);

  await page.goto('/dashboard/my-orders');
  const row = page.getByRole('row').filter({ hasText: product.name }).first();
  await expect(row.getByRole('button', { name: 'Wait for delivery' })).toBeDisabled();
  await expectAccessible(page, 'my orders');
  await row.getByRole('link', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/Test mode/).first()).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay/ });
  await expect(pay).toBeEnabled();
  await expectAccessible(page, 'payment');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByText('Congrats! Payment is done')).toBeVisible();
  await expect(page.getByText('Payment Done! Please wait for delivery.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);
  await expect(page.getByRole('row').filter({ hasText: product.name }).first()).toContainText('Payment done');

  await admin.goto('/dashboard/manage-all-product');
  await expect(admin.getByRole('heading', { level: 1, name: /Manage All Products/ })).toBeVisible();
  await expectAccessible(admin, 'manage all orders');
  const adminRow = admin
    .getByRole('row')
    .filter({ hasText: product.name })
    .filter({ hasText: customerName })
    .first();
  await expect(adminRow).toContainText('Paid');
  await adminRow.getByRole('button', { name: /Delivery/ }).click();
  await confirmDialog(admin, 'Mark as delivered?', 'Deliver');
  await expect(admin.getByText('Successfully delivered')).toBeVisible();

  await page.reload();
  const delivered = page.getByRole('row').filter({ hasText: product.name }).first();
  await delivered.getByRole('button', { name: 'Write a review' }).click();
  const review = page.getByRole('dialog', { name: `Review ${product.name}` });
  await review.getByRole('button', { name: 'Submit review', exact: true }).click();
  await expect(page.getByText('Please input all requirements')).toBeVisible();
  await review.getByRole('combobox', { name: 'Rating' }).selectOption({ label: '5 Star' });
  await review.getByRole('textbox', { name: 'Review' }).click();
  await expect(page.getByText('Please input all requirements')).toHaveCount(0);
  await review.getByRole('textbox', { name: 'Review' }).fill(reviewText);
  await review.getByRole('button', { name: 'Submit review', exact: true }).click();
  await expect(page.getByText('Review setSuccessfully')).toBeVisible();

  await page.goto('/dashboard/my-reviews');
  await expect(page.getByText(reviewText)).toBeVisible();
  await expectAccessible(page, 'my reviews');
  await page.goto(`/product/${product._id}`);
  await expect(page.getByText(reviewText)).toBeVisible();
  await expect(page.getByText(customerName)).toBeVisible();
});

test('ordering waits for a verified email; cancelling an unpaid order gives the stock back', async ({
  page,
  register,
  verifyEmail,
}) => {
  test.setTimeout(60_000);
  const account = await register({ name: 'Carl Canceller' });
  const product = await productWithMinOrder(page, 'last');
  await page.goto(`/product/${product._id}`);
  const before = await stock(page, product._id);
  await page.getByRole('button', { name: 'Order Now' }).click();
  let modal = page.getByRole('dialog', { name: `Order ${product.name}` });
  await modal.getByLabel('Number').fill('5550100');
  await modal.getByLabel('Address').fill('3 Depot Street');
  await modal.getByRole('button', { name: 'Place order' }).click();
  await expect(modal.getByText('Please verify your email address before ordering')).toBeVisible();
  expect(await stock(page, product._id)).toBe(before);

  await verifyEmail(account);
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Order Now' }).click();
  modal = page.getByRole('dialog', { name: `Order ${product.name}` });
  await modal.getByLabel('Number').fill('5550100');
  await modal.getByLabel('Address').fill('3 Depot Street');
  await modal.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/is placed/)).toBeVisible();
  expect(await stock(page, product._id)).toBe(before - product.minOrder);

  await page.goto('/dashboard/my-orders');
  const row = page.getByRole('row').filter({ hasText: product.name }).first();
  await row.getByRole('button', { name: 'Cancel' }).click();
  await confirmDialog(page, 'Cancel this order?', 'Cancel order');
  await expect(page.getByText('Successfully deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: product.name }).first()).toContainText('Cancelled');
  expect(await stock(page, product._id)).toBe(before);
});
