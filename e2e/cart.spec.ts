import { test, expect, expectAccessible } from './fixtures';

const product = 'Rotary Screw Compressor 7.5 kW';

test('add to the cart from a card, change the quantity, then quick-order by SKU (checked first)', async ({
  page,
  register,
}) => {
  test.setTimeout(90_000);
  await register({ name: 'Carla Cart' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Cart, 0 products' })).toBeVisible();

  await page.goto('/our-products?q=rotary');
  await page.getByRole('button', { name: `Add to cart: ${product}` }).click();
  await expect(page.getByText(`Added 1 × ${product} to your cart.`)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Cart, 1 product' })).toBeVisible();

  await nav.getByRole('link', { name: 'Cart, 1 product' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cart$/);
  const row = page.getByRole('row').filter({ hasText: product });
  await expect(row.getByRole('spinbutton', { name: `Quantity of ${product}` })).toHaveValue('1');
  await row.getByRole('button', { name: `Increase quantity of ${product}` }).click();
  await expect(row.getByRole('spinbutton', { name: `Quantity of ${product}` })).toHaveValue('2');
  await expect(page.getByText('Total: $13,698.00')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toBeVisible();
  await expectAccessible(page, 'cart');

  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Quick Order' })
    .click();
  await page.getByLabel('SKU, quantity lines').fill('rs-75-400, 1\nNO-SUCH-SKU, 2');
  await page.getByRole('button', { name: 'Check lines' }).click();
  const report = page.getByRole('table');
  await expect(report.getByRole('row').filter({ hasText: 'NO-SUCH-SKU' })).toContainText(
    'No product has this SKU.',
  );
  await expect(report.getByRole('row').filter({ hasText: product })).toContainText('OK');
  await expectAccessible(page, 'quick order report');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added 1 line to your cart; 1 left out.')).toBeVisible();

  await page.getByRole('link', { name: 'Go to the cart' }).click();
  await expect(row.getByRole('spinbutton', { name: `Quantity of ${product}` })).toHaveValue('3');
});

test('an anonymous visitor who adds to the cart is sent to log in', async ({ page }) => {
  await page.goto('/our-products?q=rotary');
  await page.getByRole('button', { name: `Add to cart: ${product}` }).click();
  await expect(page).toHaveURL(/\/login$/);
});
