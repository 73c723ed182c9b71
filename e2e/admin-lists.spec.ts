import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';

/** Places and cancels `n` orders through the API as the signed-in customer on `page` (cancelled ones hold nothing). */
async function cancelledOrders(page: Page, email: string, n: number) {
  const products = (await (await page.request.get('/api/products')).json()) as {
    _id: string;
    quantity: number;
    minOrder: number;
  }[];
  const product = products.find((p) => p.quantity >= p.minOrder + 10)!;
  const headers = { origin: new URL(page.url()).origin };
  for (let i = 0; i < n; i++) {
    const placed = await page.request.post(`/api/order/${email}`, {
      headers,
      data: {
        productId: product._id,
        quantity: product.minOrder,
        number: '5550100',
        address: '1 Paging Road',
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const { insertedId } = (await placed.json()) as { insertedId: string };
    expect((await page.request.delete(`/api/order/${insertedId}`, { headers })).status()).toBe(200);
  }
}

test('an admin pages through one customer’s cancelled orders; the admin lists pass axe', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(150_000);
  const customer = await register({ name: 'Paula Pager' });
  await verifyEmail(customer);
  await cancelledOrders(page, customer.email, 26);

  await admin.goto('/dashboard/manage-all-product');
  await expect(admin.getByRole('heading', { level: 1, name: /Manage All Products \(\d+\)/ })).toBeVisible();
  await admin.getByLabel('Status').selectOption('Cancelled');
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(customer.email);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Manage All Products (26)' })).toBeVisible();
  await expect(admin.getByText('Showing 1–25 of 26 orders')).toBeVisible();
  await expect(admin).toHaveURL(/status=Cancelled/);
  await expectAccessible(admin, 'manage all orders, filtered');

  const pager = admin.getByRole('navigation', { name: 'Pages of orders' });
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(admin.getByText('Showing 26–26 of 26 orders')).toBeVisible();
  await expect(admin).toHaveURL(/cursor=/);
  const rows = admin.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Cancelled');
  await expect(rows.nth(1)).toContainText(customer.email);
  await expectAccessible(admin, 'manage all orders, page 2');

  // A reload keeps the page; Previous goes back to the first.
  await admin.reload();
  await expect(admin.getByText('Showing 26–26 of 26 orders')).toBeVisible();
  await pager.getByRole('button', { name: 'Previous page' }).click();
  await expect(admin.getByText('Showing 1–25 of 26 orders')).toBeVisible();

  await admin.goto('/dashboard/manage-product?sort=stock');
  await expect(admin.getByRole('table')).toBeVisible();
  await expectAccessible(admin, 'manage products');
  await admin.goto(`/dashboard/make-admin?q=${encodeURIComponent(customer.email)}`);
  await expect(admin.getByRole('row').filter({ hasText: customer.email })).toBeVisible();
  await expectAccessible(admin, 'make admin, searched');
  await admin.goto('/dashboard/categories');
  await expect(admin.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: /Category tree/ })).toBeVisible();
  await expectAccessible(admin, 'categories');
});
