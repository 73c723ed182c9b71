import path from 'node:path';
import sharp from 'sharp';
import { test, expect, confirmDialog, expectAccessible } from './fixtures';

test('an admin adds a product with an image, restocks it, and deletes it while a customer order of it remains', async ({
  page,
  adminPage: admin,
  register,
  verifyEmail,
}, testInfo) => {
  test.setTimeout(150_000);
  const name = `Pipe Threader ${Date.now().toString(36)}`;
  const image = testInfo.outputPath('threader.png');
  await sharp({ create: { width: 400, height: 300, channels: 3, background: '#b45309' } })
    .png()
    .toFile(image);

  await admin.goto('/dashboard/add-product');
  await expect(admin.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeVisible();
  await expectAccessible(admin, 'add product');
  await admin.getByRole('main').getByRole('button', { name: 'Add product', exact: true }).click();
  for (const message of [
    'Product Name is required',
    'Product image is required',
    'Minimum Order is required',
    'Price is required',
    'Quantity is required',
    'Description are required',
  ]) {
    await expect(admin.getByText(message)).toBeVisible();
  }
  await admin.getByLabel('Product Name').fill(name);
  await admin.getByLabel('Product image').setInputFiles(path.resolve(image));
  await admin.getByLabel('Minimum Order').fill('2');
  await admin.getByLabel('Price').fill('349.99');
  await admin.getByLabel('Quantity').fill('6');
  await admin.getByLabel('Description').fill('Electric pipe threader for 1/2" to 2" pipe.');
  await admin.getByRole('main').getByRole('button', { name: 'Add product', exact: true }).click();
  await expect(admin.getByText('Update successfully')).toBeVisible();

  await page.goto('/our-products');
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img')).toHaveAttribute('src', /^\/media\/uploads\/.+\.webp$/);
  await expect(card).toContainText('$349.99');

  // A customer orders it.
  await verifyEmail(await register({ name: 'Tara Threader' }));
  await page.goto('/our-products');
  await page.getByRole('link', { name: `Order Now: ${name}` }).click();
  await page.getByRole('button', { name: 'Order Now' }).click();
  const order = page.getByRole('dialog', { name: `Order ${name}` });
  await order.getByLabel('Number').fill('5550100');
  await order.getByLabel('Address').fill('9 Pipe Street');
  await order.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/is placed/)).toBeVisible();

  await admin.goto('/dashboard/manage-product');
  await expect(admin.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
  await expectAccessible(admin, 'manage products');
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('4');
  await row.getByRole('button', { name: /Edit/ }).click();
  const edit = admin.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel('Stock').fill('40');
  await edit.getByRole('button', { name: 'Save changes', exact: true }).click();
  await expect(admin.getByText('Update successfully')).toBeVisible();
  await expect(row).toContainText('40');

  await row.getByRole('button', { name: /Delete/ }).click();
  await confirmDialog(admin, 'Delete product?', 'Delete');
  await expect(admin.getByText('successfully deleted')).toBeVisible();
  await page.goto('/our-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Our products' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: name })).toHaveCount(0);
  await page.goto('/dashboard/my-orders');
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

  await admin.goto('/dashboard/audit');
  await expect(admin.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await expect(admin.getByText(new RegExp(`Deleted ${name}`))).toBeVisible();
  await expectAccessible(admin, 'audit log');
});

test('an admin publishes a news article that appears on the home page at once', async ({
  adminPage: admin,
}) => {
  const title = `Workshop open day ${Date.now().toString(36)}`;
  await admin.goto('/dashboard/news');
  await expect(admin.getByRole('heading', { level: 1, name: 'Manage News' })).toBeVisible();
  await expectAccessible(admin, 'news admin');
  await admin.getByLabel('Title').fill(title);
  await admin.getByLabel('Author name').fill('Shop Team');
  await admin.getByLabel('Body').fill('Come and try the new compressors.\n\nCoffee is on us.');
  await admin.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(admin.getByText('Update successfully')).toBeVisible();
  await admin.goto('/');
  await expect(
    admin.getByRole('region', { name: 'Blogs and News' }).getByRole('heading', { name: title }),
  ).toBeVisible();
});

test('the store overview renders its revenue chart', async ({ adminPage: admin }) => {
  await admin.goto('/dashboard/overview');
  await expect(admin.getByRole('heading', { level: 1, name: 'Store Overview' })).toBeVisible();
  await expect(admin.locator('.recharts-surface').first()).toBeVisible();
  await expectAccessible(admin, 'overview');
});
