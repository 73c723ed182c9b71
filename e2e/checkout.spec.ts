import type { Page } from '@playwright/test';
import { test, expect, confirmDialog, expectAccessible } from './fixtures';
import { invoiceProduct, orderingCandidates, seededProducts, type ApiProduct } from './products';

/**
 * Three products no other spec orders (tests run in parallel, and the ordering and invoice specs check their
 * products' stock exactly): not the ordering spec's first and last, not the invoice spec's, not the cart spec's.
 */
async function threeProducts(page: Page): Promise<ApiProduct[]> {
  const products = await seededProducts(page);
  const ordering = orderingCandidates(products);
  const taken = new Set([ordering[0]?._id, ordering.at(-1)?._id, invoiceProduct(products)?._id]);
  const free = products.filter(
    (p) =>
      !taken.has(p._id) && !p.name.startsWith('Rotary Screw Compressor') && p.quantity >= p.minOrder + 20,
  );
  const middle = Math.max(0, Math.floor(free.length / 2) - 1);
  const picks = free.slice(middle, middle + 3);
  expect(picks, 'three products to check out').toHaveLength(3);
  return picks;
}

test('cart → checkout with a PO → one payment → grouped in My Orders → a line delivered and reviewed', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(180_000);
  const account = await register({ name: 'Petra Purchaser' });
  await verifyEmail(account);
  const products = await threeProducts(page);
  const poNumber = `PO-${Date.now()}`;

  // The cart is filled through its API: the cart page and its buttons have their own spec.
  const headers = { origin: new URL(page.url()).origin };
  for (const p of products) {
    const priced = (await (await page.request.get(`/api/product/${p._id}`)).json()) as { packSize: number };
    const quantity = Math.ceil(p.minOrder / priced.packSize) * priced.packSize;
    const added = await page.request.post(`/api/cart/${encodeURIComponent(account.email)}/lines`, {
      headers,
      data: { productId: p._id, quantity },
    });
    expect(added.status(), `adding ${p.name} to the cart: ${await added.text()}`).toBe(200);
  }

  await page.goto('/dashboard/cart');
  for (const p of products) await expect(page.getByRole('row').filter({ hasText: p.name })).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cart\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your order' });
  for (const p of products) await expect(summary).toContainText(p.name);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Number is required')).toBeVisible();
  await expect(page.getByText('Address is required')).toBeVisible();
  await expectAccessible(page, 'checkout form with errors');
  await page.getByLabel('Mobile number').fill('+1 555 0199');
  await page.getByLabel('Address').fill('7 Warehouse Road, Springfield');
  await page.getByLabel('Company (optional)').fill('Purchaser & Co');
  await page.getByLabel('PO number (optional)').fill(poNumber);
  await expectAccessible(page, 'checkout form');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/dashboard\/pay-checkout\/[0-9a-f-]{36}$/);
  const checkoutSummary = page.getByRole('region', { name: 'Checkout summary' });
  await expect(checkoutSummary).toContainText(poNumber);
  await expect(checkoutSummary).toContainText('Purchaser & Co');
  for (const p of products) await expect(checkoutSummary).toContainText(p.name);
  await expect(page.getByText(/Test mode/).first()).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay/ });
  await expect(pay).toBeEnabled();
  await expectAccessible(page, 'checkout payment');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
  await expect(page.getByText('Congrats! Payment is done').first()).toBeVisible();
  await expect(page.getByText('Payment Done! Please wait for delivery.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);

  // One block for the checkout: its heading with the PO, every line paid, no Pay or Cancel left.
  const heading = page.getByRole('rowheader', { name: new RegExp(`^Checkout · PO ${poNumber}`) });
  await expect(heading).toContainText('Paid');
  for (const p of products)
    await expect(page.getByRole('row').filter({ hasText: p.name }).first()).toContainText('Payment done');
  await expect(page.getByRole('button', { name: /^Cancel checkout/ })).toHaveCount(0);
  await expectAccessible(page, 'my orders with a checkout');

  // The admin sees the PO and delivers one line; the others stay as they are.
  const [delivered] = products;
  await admin.goto('/dashboard/manage-all-product');
  await expect(admin.getByRole('heading', { level: 1, name: /Manage All Products/ })).toBeVisible();
  const adminRow = admin
    .getByRole('row')
    .filter({ hasText: delivered!.name })
    .filter({ hasText: 'Petra Purchaser' })
    .first();
  await expect(adminRow).toContainText(poNumber);
  await expect(adminRow).toContainText(/Checkout …[0-9a-f]{6}/);
  await expectAccessible(admin, 'manage all orders with a checkout');
  await adminRow.getByRole('button', { name: /Delivery/ }).click();
  await confirmDialog(admin, 'Mark as delivered?', 'Deliver');
  await expect(admin.getByText('Successfully delivered')).toBeVisible();

  await page.reload();
  const line = page.getByRole('row').filter({ hasText: delivered!.name }).first();
  await expect(line).toContainText('Delivered');
  for (const p of products.slice(1))
    await expect(page.getByRole('row').filter({ hasText: p.name }).first()).toContainText(
      'Wait for delivery',
    );
  await line.getByRole('button', { name: 'Write a review' }).click();
  const review = page.getByRole('dialog', { name: `Review ${delivered!.name}` });
  await review.getByRole('combobox', { name: 'Rating' }).selectOption({ label: '5 Star' });
  await review.getByRole('textbox', { name: 'Review' }).fill('Arrived with the rest of the PO, well packed.');
  await review.getByRole('button', { name: 'Submit review', exact: true }).click();
  await expect(page.getByText('Review setSuccessfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: delivered!.name }).first()).toContainText('Reviewed');
});
