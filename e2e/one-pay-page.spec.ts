import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';
import { newProduct } from './products';
import { e2eRatesURL } from './rates';
import { payByCard } from './payments';

// The demo shop with shipping methods and tax rates: Order Now's total is goods + shipping + tax (decision 037).
test.use({ baseURL: e2eRatesURL() });

async function addToCart(page: Page, name: string) {
  await page.goto(`/our-products?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(page.getByText(`Added 1 × ${name} to your cart.`)).toBeVisible();
}

/**
 * What the pay page is made of, whichever sale it pays: its heading, its summary with the lines' table and the total
 * itemised, and the card form. Answers the parts a second page must repeat, and the total it charges.
 */
async function payPage(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  const summary = main.getByRole('region', { name: 'Checkout summary' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('table', { name: 'The lines of this checkout' })).toBeVisible();
  const total = summary.getByLabel('Checkout total');
  await expect(total).toBeVisible();
  await expect(main.getByLabel('Card number')).toBeVisible();
  await expect(main.getByRole('button', { name: /^Pay/ })).toBeEnabled();
  const totalTerms = await total.locator('dt').allTextContents();
  return {
    shape: {
      headings: await main.getByRole('heading').allTextContents(),
      columns: await summary.getByRole('columnheader').allTextContents(),
      // The method's name differs from sale to sale; the lines of the itemised total do not.
      totalTerms: totalTerms.map((t) => t.replace(/ \(.*\)$/, '')),
      summaryTerms: (await summary.locator(':scope > dl > div > dt').allTextContents()).slice(1),
      cardFields: await main.getByRole('textbox').count(),
    },
    total: (await total.locator('dd').last().textContent())!.trim(),
  };
}

test('Order Now and a cart checkout are paid on one pay page, and both show Payment done in My orders', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const vise = await newProduct(admin, { name: `Bench Vise ${tag}`, price: 150, shippingWeightLb: 12 });
  const clamp = await newProduct(admin, { name: `Bar Clamp ${tag}`, price: 24, shippingWeightLb: 3 });
  const file = await newProduct(admin, { name: `Flat File ${tag}`, price: 9.5, shippingWeightLb: 1 });
  await verifyEmail(await register({ name: 'Petra Paypage' }));

  // Order Now: the dialog names the full total (goods + shipping + tax) that the pay page then charges.
  await page.goto(`/product/${vise._id}`);
  await page.getByRole('button', { name: 'Order Now', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${vise.name}` });
  await dialog.getByLabel('Number').fill('+1 214 555 0188');
  await dialog.getByLabel('Address').fill('1500 Marilla Street, Dallas, TX 75201');
  const note = dialog.getByRole('status').filter({ hasText: 'Shipping to TX 75201' });
  await expect(note).toContainText(/tax \$[\d,]+\.\d\d; total \$[\d,]+\.\d\d on the payment page\./);
  const [, shipping, tax, dialogTotal] =
    /: (\$[\d,]+\.\d\d) \(.*\), tax (\$[\d,]+\.\d\d); total (\$[\d,]+\.\d\d) on/.exec(
      (await note.textContent())!,
    )!;
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderNow = await payPage(page);
  expect(orderNow.total).toBe(dialogTotal);
  const orderNowTotal = page.getByLabel('Checkout total');
  await expect(orderNowTotal).toContainText('$150.00');
  await expect(orderNowTotal).toContainText(shipping!);
  await expect(orderNowTotal).toContainText(tax!);
  await expectAccessible(page, 'the pay page of an Order Now sale');
  await payByCard(page);
  await expect(page.getByRole('row').filter({ hasText: vise.name }).first()).toContainText('Payment done');

  // A cart of two products, checked out: the same page, with both lines.
  await addToCart(page, clamp.name);
  await addToCart(page, file.name);
  await page.goto('/dashboard/cart/checkout');
  await page.getByLabel('Mobile number').fill('+1 214 555 0188');
  await page.getByLabel('Street').fill('1500 Marilla Street');
  await page.getByLabel('City').fill('Dallas');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('ZIP').fill('75201');
  await page
    .getByRole('group', { name: 'Shipping method' })
    .getByRole('radio', { name: /Ground parcel/ })
    .check();
  await expect(page.getByLabel('Order total')).toContainText('Shipping (Ground parcel');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pay-checkout\/[0-9a-f-]{36}$/);
  const cart = await payPage(page);
  expect(cart.shape).toEqual(orderNow.shape);
  const lines = page.getByRole('table', { name: 'The lines of this checkout' }).getByRole('row');
  await expect(lines).toHaveCount(3);
  await expect(lines.filter({ hasText: clamp.name })).toContainText('$24.00');
  await expect(lines.filter({ hasText: file.name })).toContainText('$9.50');
  await expectAccessible(page, 'the pay page of a cart checkout');
  await payByCard(page);

  for (const name of [vise.name, clamp.name, file.name])
    await expect(page.getByRole('row').filter({ hasText: name }).first()).toContainText('Payment done');
});
