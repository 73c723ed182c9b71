import type { Locator, Page } from '@playwright/test';
import { test, expect, confirmDialog, expectAccessible } from './fixtures';
import { newProduct } from './products';
import { e2eRatesURL } from './rates';
import { payByCard } from './payments';

// The demo shop with its shipping methods and tax rates (its warehouse in Dallas, TX; decision 037).
test.use({ baseURL: e2eRatesURL() });

async function addToCart(page: Page, name: string) {
  await page.goto(`/our-products?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(page.getByText(`Added 1 × ${name} to your cart.`)).toBeVisible();
}

async function fillDallasAddress(page: Page) {
  await page.getByLabel('Mobile number').fill('+1 214 555 0100');
  await page.getByLabel('Street').fill('1500 Marilla Street');
  await page.getByLabel('City').fill('Dallas');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('ZIP').fill('75201');
}

const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

/** The figures of a price summary (PriceSummary: Subtotal, Shipping, Tax, Total), in dollars. */
async function figures(summary: Locator) {
  const text = (await summary.textContent()) ?? '';
  const pick = (re: RegExp) => {
    const m = re.exec(text);
    return m ? m[1]! : '';
  };
  return {
    subtotal: dollars(pick(/Subtotal\s*(\$[\d,]+\.\d\d)/)),
    shipping: pick(/Shipping[^$F—]*(\$[\d,]+\.\d\d|Free|—)/),
    tax: pick(/Tax[^$—]*(\$[\d,]+\.\d\d|—)/),
    total: dollars(pick(/Total\s*(\$[\d,]+\.\d\d)/)),
  };
}

test('a buyer in Dallas, TX checks out a compressor by LTL freight with a liftgate and a parcel item: shipping and tax before paying, one payment, an invoice', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const compressor = await newProduct(admin, {
    name: `Rotary Screw 11 kW ${tag}`,
    price: 6400,
    shippingWeightLb: 480,
    shipsAs: 'freight',
    freightClass: '85',
  });
  const filter = await newProduct(admin, { name: `Inline Filter ${tag}`, price: 45, shippingWeightLb: 4 });
  const account = await register({ name: 'Dallas Buyer' });
  await verifyEmail(account);
  await addToCart(page, compressor.name);
  await addToCart(page, filter.name);

  await page.goto('/dashboard/cart/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await fillDallasAddress(page);
  const methods = page.getByRole('group', { name: 'Shipping method' });
  await expect(methods.getByRole('radio', { name: /LTL freight/ })).toBeVisible();
  await methods.getByRole('radio', { name: /LTL freight/ }).check();
  const summary = page.getByLabel('Order total');
  await expect(summary).toContainText('Shipping (LTL freight)');
  const total = summary.getByRole('definition').last();
  const before = await total.textContent();
  await page.getByLabel('Liftgate delivery').check();
  // The liftgate surcharge is priced by the server: the total changes once the methods are priced again.
  await expect(total).not.toHaveText(before!);
  const quoted = await figures(summary);
  expect(quoted.subtotal).toBe(6445);
  expect(dollars(quoted.shipping)).toBeGreaterThan(0);
  expect(dollars(quoted.tax)).toBeGreaterThan(0);
  expect(quoted.total).toBeCloseTo(quoted.subtotal + dollars(quoted.shipping) + dollars(quoted.tax), 2);
  await expectAccessible(page, 'checkout with freight, liftgate and tax');
  await page.getByRole('button', { name: 'Place order' }).click();

  // The payment page shows the same total, paid once.
  await expect(page).toHaveURL(/\/dashboard\/pay-checkout\/[0-9a-f-]{36}$/);
  const totalText = `$${quoted.total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(page.getByLabel('Checkout total')).toContainText(totalText);
  await expectAccessible(page, 'payment of a freight checkout');
  await payByCard(page);

  // The invoice of the freight line is a PDF; the order page itemises shipping and tax.
  const row = page.getByRole('row').filter({ hasText: compressor.name }).first();
  await row.getByRole('link', { name: `Details of ${compressor.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible();
  // The compressor's line carries its share of the freight and of the tax; the invoice is the whole checkout's.
  await expect(page.getByRole('main')).toContainText(
    /\$6,400\.00 goods \+ \$[\d,]+\.\d\d shipping \(LTL freight\) \+ \$[\d,]+\.\d\d tax/,
  );
  await expect(page.getByRole('main')).toContainText(`Invoice INV-`);
  await expect(page.getByRole('main')).toContainText(totalText);
  await expectAccessible(page, 'order details with shipping and tax');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Invoice INV-\d{4}-\d{6}/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
});

test('an approved exemption certificate makes the next Texas order tax-free, its number shown', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const product = await newProduct(admin, { name: `Resale Grinder ${tag}`, price: 120, shippingWeightLb: 6 });
  const account = await register({ name: 'Exempt Trader' });
  await verifyEmail(account);

  // The customer uploads a certificate for Texas.
  const certificate = `TX-RESALE-${tag}`.toUpperCase();
  const pdf = testInfo.outputPath('certificate.pdf');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(pdf, minimalPdf());
  await page.goto('/dashboard/tax-exemption');
  await page.getByLabel('Certificate (PDF)').setInputFiles(pdf);
  await page.getByLabel('Certificate number').fill(certificate);
  await page.getByLabel('Texas (TX)').check();
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Expires on').fill(nextYear);
  await expectAccessible(page, 'tax exemption upload');
  await page.getByRole('button', { name: 'Upload certificate' }).click();
  await expect(page.getByText('Certificate uploaded: we will review it shortly').first()).toBeVisible();

  // The admin approves it.
  await admin.goto('/dashboard/tax-exemptions');
  await admin.getByRole('button', { name: `Approve certificate ${certificate}` }).click();
  await confirmDialog(admin, 'Approve this certificate?', 'Approve certificate');
  await expectAccessible(admin, 'manage tax exemptions');

  // The next order to Texas is tax-free, and says why.
  await addToCart(page, product.name);
  await page.goto('/dashboard/cart/checkout');
  await fillDallasAddress(page);
  await page
    .getByRole('group', { name: 'Shipping method' })
    .getByRole('radio', { name: /Ground parcel/ })
    .check();
  const summary = page.getByLabel('Order total');
  await expect(summary).toContainText(`Tax exempt (certificate ${certificate})`);
  const quoted = await figures(summary);
  expect(quoted.tax).toBe('$0.00');
  expect(quoted.total).toBeCloseTo(quoted.subtotal + dollars(quoted.shipping), 2);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pay-checkout\/[0-9a-f-]{36}$/);
  await payByCard(page);
});

test('a pickup order: will-call at the Dallas warehouse ships free and is paid for the goods and tax', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const product = await newProduct(admin, { name: `Pickup Anvil ${tag}`, price: 210, shippingWeightLb: 60 });
  const account = await register({ name: 'Pickup Customer' });
  await verifyEmail(account);
  await addToCart(page, product.name);
  await page.goto('/dashboard/cart/checkout');
  await fillDallasAddress(page);
  await page
    .getByRole('group', { name: 'Shipping method' })
    .getByRole('radio', { name: /Will-call pickup/ })
    .check();
  const summary = page.getByLabel('Order total');
  await expect(summary).toContainText('Shipping (Will-call pickup: Dallas warehouse)');
  const quoted = await figures(summary);
  expect(quoted.shipping).toBe('Free');
  expect(dollars(quoted.tax)).toBeGreaterThan(0);
  expect(quoted.total).toBeCloseTo(210 + dollars(quoted.tax), 2);
  await expectAccessible(page, 'checkout with pickup');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pay-checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('main')).toContainText('Will-call pickup');
  await payByCard(page);
});

test('a quote above the stock, answered with a lead time and accepted, becomes a backorder with its ship date', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const name = `Backorder Hoist ${tag}`;
  const product = await newProduct(admin, {
    name,
    price: 300,
    quantity: 2,
    shippingWeightLb: 40,
    backorderable: true,
    leadTimeDays: 14,
  });
  const account = await register({ name: 'Quinn Backorder' });
  await verifyEmail(account);

  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a quote' });
  await dialog.getByLabel('Quantity').fill('5');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Quote requested').first()).toBeVisible();

  await admin.goto('/dashboard/manage-quotes');
  const request = admin.getByRole('article').filter({ hasText: name });
  await request.getByRole('button', { name: 'Answer' }).click();
  await request.getByLabel(`Unit price for ${name}`).fill('280');
  await request.getByLabel(`Lead time (days) for ${name}`).fill('14');
  await expectAccessible(admin, 'quote answer with a lead time');
  await request.getByRole('button', { name: 'Send quote' }).click();
  await expect(admin.getByText('Quote sent').first()).toBeVisible();

  await page.goto('/dashboard/quotes');
  const mine = page.getByRole('article').filter({ hasText: name });
  await expect(mine).toContainText('$280.00');
  await mine.getByRole('button', { name: 'Accept quote' }).click();
  await mine.getByLabel('Mobile number').fill('+1 214 555 0177');
  await mine.getByLabel('Street').fill('1500 Marilla Street');
  await mine.getByLabel('City').fill('Dallas');
  await mine.getByLabel('State').selectOption('TX');
  await mine.getByLabel('ZIP').fill('75201');
  // Five 40 lb hoists are over the parcel limit: the cheapest way offered, whichever it is.
  await mine.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check();
  await mine.getByRole('button', { name: 'Accept and check out' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pay-checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('main')).toContainText(/3 on backorder, ships about/);
  await expectAccessible(page, 'payment of a backordered quote');
  await payByCard(page);
  const row = page.getByRole('row').filter({ hasText: name }).first();
  await expect(row).toContainText(/3 on backorder, ships about/);
});

/** The smallest well-formed PDF: one empty page. */
function minimalPdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

test('Order Now to a Dallas address lists the ways it ships, and the method chosen is what the payment page charges', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(180_000);
  const name = `Order Now Vise ${Date.now().toString(36)}`;
  const product = await newProduct(admin, { name, price: 150, shippingWeightLb: 12 });
  const account = await register({ name: 'Olive Ordernow' });
  await verifyEmail(account);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The page's own button, not a related product card's "Order Now: …".
  await page.getByRole('button', { name: 'Order Now', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${name}` });
  await dialog.getByLabel('Number').fill('+1 214 555 0123');
  await dialog.getByLabel('Address').fill('1500 Marilla Street, Dallas, TX 75201');
  const methods = dialog.getByRole('group', { name: 'Shipping method' });
  await expect(methods.getByRole('radio', { name: /Ground parcel/ })).toBeChecked();
  await methods.getByRole('radio', { name: /Will-call pickup/ }).check();
  await expect(dialog.getByRole('status').filter({ hasText: 'Shipping to TX 75201' })).toContainText(
    'Free (Will-call pickup: Dallas warehouse), tax $12.38; total $162.38 on the payment page.',
  );
  await expectAccessible(page, 'order modal with shipping methods');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const summary = page.getByLabel('Checkout total');
  await expect(summary).toContainText('Shipping (Will-call pickup: Dallas warehouse)');
  await expect(summary).toContainText('$162.38');

  // The address was saved as a structured one: the next Order Now offers it.
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Order Now', exact: true }).click();
  await dialog.getByLabel('Address').fill('');
  await dialog.getByLabel('Deliver to').selectOption({ label: '1500 Marilla Street, Dallas, TX 75201' });
  await expect(dialog.getByLabel('Address')).toHaveValue('1500 Marilla Street, Dallas, TX 75201');
  await expect(methods.getByRole('radio', { name: /Ground parcel/ })).toBeChecked();
});
