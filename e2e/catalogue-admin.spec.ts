import path from 'node:path';
import sharp from 'sharp';
import { test, expect, confirmDialog, expectAccessible } from './fixtures';

test("an admin defines a new category's spec, sells a product with it, renames, deletes and restores it", async ({
  adminPage: admin,
}, testInfo) => {
  test.setTimeout(120_000);
  const id = Date.now().toString(36);
  const category = `Pressure Washers ${id}`;
  const name = `Washer ${id}`;

  await admin.goto('/dashboard/categories');
  await admin.getByLabel('Category name').fill(category);
  await admin.getByRole('button', { name: 'Add category' }).click();
  await admin.getByRole('button', { name: `Spec attributes of ${category}` }).click();
  const specs = admin.getByRole('dialog', { name: `Spec attributes of ${category}` });
  await specs.getByLabel('Attribute name').fill('Working pressure');
  await specs.getByLabel('Unit').selectOption({ label: 'pressure (bar, or psi)' });
  await specs.getByRole('button', { name: 'Add attribute' }).click();
  await expect(specs.getByRole('list', { name: `Own spec attributes of ${category}` })).toContainText(
    'Working pressure',
  );
  await expectAccessible(admin, 'spec attributes editor');
  await specs.getByRole('button', { name: 'Close' }).click();

  // The product form offers the new spec once the category is chosen.
  const image = testInfo.outputPath('washer.png');
  await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0369a1' } })
    .png()
    .toFile(image);
  await admin.goto('/dashboard/add-product');
  await admin.getByLabel('Product Name').fill(name);
  await admin.getByLabel('Product image').setInputFiles(path.resolve(image));
  await admin.getByLabel('Minimum Order').fill('1');
  await admin.getByLabel('Price').fill('499');
  await admin.getByLabel('Quantity').fill('5');
  await admin.getByLabel('Description').fill('Hot water pressure washer.');
  await admin.getByLabel('Category').selectOption({ label: category });
  await admin.getByLabel('Working pressure (bar)').fill('150');
  await admin.getByRole('main').getByRole('button', { name: 'Add product', exact: true }).click();
  await expect(admin.getByText('Update successfully')).toBeVisible();

  // Renamed in the edit dialog.
  await admin.goto('/dashboard/manage-product');
  const search = admin.getByRole('main').getByRole('searchbox', { name: 'Search products' });
  await search.fill(name);
  await search.press('Enter');
  await admin.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = admin.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel('Product Name').fill(`${name} Pro`);
  await edit.getByRole('button', { name: 'Save changes', exact: true }).click();
  await expect(admin.getByText('Update successfully')).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: `${name} Pro` });
  await expect(row).toBeVisible();

  // Deleted, then found among the deleted products and restored.
  await row.getByRole('button', { name: /Delete/ }).click();
  await confirmDialog(admin, 'Delete product?', 'Delete');
  await expect(admin.getByRole('row').filter({ hasText: `${name} Pro` })).toHaveCount(0);
  await admin.getByLabel('Show').selectOption({ label: 'Deleted products' });
  await admin.getByRole('button', { name: `Restore ${name} Pro` }).click();
  await expectAccessible(admin, 'restore confirmation');
  await confirmDialog(admin, 'Restore product?', 'Restore');
  await expect(admin.getByText('Product restored')).toBeVisible();
  await admin.getByLabel('Show').selectOption({ label: 'In the catalogue' });
  await expect(admin.getByRole('row').filter({ hasText: `${name} Pro` })).toBeVisible();

  // The storefront filters by the new spec.
  await admin.goto(`/our-products?spec.working-pressure=100..200`);
  await expect(admin.getByRole('article').filter({ hasText: `${name} Pro` })).toBeVisible();
  const slug = `pressure-washers-${id}`;
  const pressureFilter = admin.getByRole('group', { name: /^Working pressure/ });
  await admin.goto(`/our-products?category=${slug}`);
  await expect(admin.getByRole('article').filter({ hasText: `${name} Pro` })).toBeVisible();
  await expect(pressureFilter).toBeVisible();

  // Marked not filterable, it leaves the storefront's filters; the product keeps its value.
  await admin.goto('/dashboard/categories');
  await admin.getByRole('button', { name: `Spec attributes of ${category}` }).click();
  await specs.getByRole('button', { name: 'Edit Working pressure' }).click();
  await specs
    .getByRole('list', { name: `Own spec attributes of ${category}` })
    .getByRole('checkbox', { name: 'Filter on the catalogue' })
    .uncheck();
  await specs.getByRole('button', { name: 'Save attribute' }).click();
  await expect(specs.getByRole('list', { name: `Own spec attributes of ${category}` })).toContainText(
    'not a filter',
  );
  await specs.getByRole('button', { name: 'Close' }).click();
  await admin.goto(`/our-products?category=${slug}`);
  await expect(admin.getByRole('article').filter({ hasText: `${name} Pro` })).toBeVisible();
  await expect(admin.getByRole('group', { name: 'Price ($)' })).toBeVisible();
  await expect(pressureFilter).toHaveCount(0);

  // Removed from the category after a confirmation that names the product holding a value.
  await admin.goto('/dashboard/categories');
  await admin.getByRole('button', { name: `Spec attributes of ${category}` }).click();
  await specs.getByRole('button', { name: 'Remove Working pressure' }).click();
  const removal = admin.getByRole('dialog', { name: 'Remove Working pressure?' });
  await expect(removal).toContainText('1 product has a value for it: it is deleted with it.');
  await expectAccessible(admin, 'remove attribute confirmation');
  await confirmDialog(admin, 'Remove Working pressure?', 'Remove attribute');
  await expect(specs.getByText('None yet: add the first below.')).toBeVisible();
});

test('an admin promotes a customer, then demotes them; the admin never sees Demote on their own row', async ({
  page,
  register,
  adminPage: admin,
}) => {
  test.setTimeout(60_000);
  const { email } = await register({ name: 'Dana Demoted' });
  await admin.goto(`/dashboard/make-admin?q=${encodeURIComponent(email)}`);
  const row = admin.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /Make admin/ }).click();
  await confirmDialog(admin, 'Make admin?', 'Make admin');
  await expect(row.getByRole('button', { name: 'Demote Dana Demoted' })).toBeVisible();
  await page.goto('/dashboard/make-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Make Admin' })).toBeVisible();

  await row.getByRole('button', { name: 'Demote Dana Demoted' }).click();
  await expectAccessible(admin, 'demote confirmation');
  await confirmDialog(admin, 'Demote admin?', 'Demote');
  await expect(admin.getByText('Successfully demoted to customer')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make admin Dana Demoted' })).toBeVisible();
  // The demoted customer loses the admin pages at their next visit.
  await page.goto('/dashboard/make-admin');
  await expect(page).toHaveURL(/\/login$/);

  await admin.goto('/dashboard/make-admin?q=owner%40');
  await expect(admin.getByRole('row').filter({ hasText: 'owner@toolhouse.example' })).toContainText('You');
  await expect(admin.getByRole('button', { name: /^Demote/ })).toHaveCount(0);
});
