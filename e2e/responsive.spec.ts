import type { Locator, Page } from '@playwright/test';
import { test, expect, confirmDialog, expectAccessible } from './fixtures';
import { newProduct } from './products';

const routes = ['/', '/our-products', '/my-blog', '/portfolio', '/blog', '/no-such-page'];

for (const width of [360, 412]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('every public page fits the screen without sideways scrolling', async ({ page }) => {
      for (const route of routes) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow on ${route}`).toBeLessThanOrEqual(0);
      }
    });

    test('the mobile menu opens and navigates', async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
      await page.getByRole('link', { name: 'Products', exact: true }).click();
      await expect(page).toHaveURL(/\/our-products$/);
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    });
  });
}

/** Neither the page nor any list's box scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const page_ = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(page_, `the page of ${what} scrolls sideways`).toBeLessThanOrEqual(0);
  const boxes = await page
    .locator('.card-table')
    .evaluateAll((els) => els.map((e) => e.scrollWidth - e.clientWidth));
  expect(boxes.length, `${what} shows a list`).toBeGreaterThan(0);
  for (const overflow of boxes) expect(overflow, `a list of ${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Wholly on screen once scrolled to: not cut by the viewport's edge or by a scrolling box. */
async function expectOnScreen(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport({ ratio: 1 });
}

test('at 390 px a buyer pays, cancels and downloads an invoice from My Orders and uses the cart without sideways scrolling; the admins’ lists are cards too, and Manage All Orders fits 1,366 px', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(150_000);
  // Registered at the desktop size: the fixture looks for the Dashboard link, which a phone folds into its menu.
  const customer = await register({ name: 'Philippa Phone' });
  await verifyEmail(customer);
  const item = await newProduct(admin, {
    name: `Phone Layout Pneumatic Impact Wrench ${Date.now().toString(36)}`,
    price: 249.5,
    quantity: 500,
  });
  const headers = { origin: new URL(page.url()).origin };
  for (let i = 0; i < 2; i++) {
    const placed = await page.request.post(`/api/order/${customer.email}`, {
      headers,
      data: { productId: item._id, quantity: 1, number: '5550100', address: '1 Narrow Street' },
    });
    expect(placed.status(), await placed.text()).toBe(200);
  }
  const carted = await page.request.put(`/api/cart/${customer.email}/lines/${item._id}`, {
    headers,
    data: { quantity: 3 },
  });
  expect(carted.status(), await carted.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // The cart icon stays in the top bar, with the menu folded.
  const cartIcon = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Cart, 1 product' });
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(cartIcon).toBeVisible();
  await expect(cartIcon).toBeInViewport({ ratio: 1 });

  await cartIcon.click();
  await expect(page).toHaveURL(/\/dashboard\/cart$/);
  const line = page.getByRole('row').filter({ hasText: item.name });
  await expect(line.getByRole('spinbutton', { name: `Quantity of ${item.name}` })).toHaveValue('3');
  await expectNoSidewaysScroll(page, 'the cart');
  await expectOnScreen(line.getByRole('button', { name: `Increase quantity of ${item.name}` }));
  await expectOnScreen(line.getByRole('button', { name: `Remove ${item.name} from the cart` }));
  await expectOnScreen(page.getByRole('link', { name: 'Proceed to checkout' }));
  // Each card names what its figures are.
  await expect(line.getByRole('cell').filter({ hasText: '$748.50' })).toHaveCSS(
    'padding-inline-start',
    '128px',
  );
  await expectAccessible(page, 'the cart at 390 px');

  // The cart's line becomes a checkout: its heading in My Orders carries one Pay and one Cancel checkout.
  const poNumber = `PO-PHONE-${Date.now()}-WORKSHOP-NORTH`;
  const checkout = await page.request.post(`/api/checkout/${customer.email}`, {
    headers,
    data: { number: '5550100', address: '1 Narrow Street', poNumber },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);

  await page.goto('/dashboard/my-orders');
  const singles = page
    .getByRole('row')
    .filter({ hasText: item.name })
    .filter({ has: page.getByRole('button', { name: `Cancel order for ${item.name}` }) });
  await expect(singles).toHaveCount(2);
  await expectNoSidewaysScroll(page, 'My Orders');
  for (const row of [singles.nth(0), singles.nth(1)]) {
    await expectOnScreen(row.getByRole('link', { name: `Pay for ${item.name}` }));
    await expectOnScreen(row.getByRole('button', { name: `Cancel order for ${item.name}` }));
  }
  await expectOnScreen(page.getByRole('link', { name: `Pay for checkout PO ${poNumber}` }));
  await expectOnScreen(page.getByRole('button', { name: `Cancel checkout PO ${poNumber}` }));
  await expectAccessible(page, 'My Orders at 390 px');

  await singles
    .nth(1)
    .getByRole('button', { name: `Cancel order for ${item.name}` })
    .click();
  await confirmDialog(page, 'Cancel this order?', 'Cancel order');
  await expect(singles).toHaveCount(1);
  await expect(
    page.getByRole('row').filter({ hasText: item.name }).filter({ hasText: 'Cancelled' }),
  ).toHaveCount(1);

  await singles.getByRole('link', { name: `Pay for ${item.name}` }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);
  const paid = page.getByRole('row').filter({ hasText: item.name }).filter({ hasText: 'Payment done' });
  // The list loads after the page: measure it once it is there (a busy machine measured the page without it).
  await expect(paid).toBeVisible();
  await expectNoSidewaysScroll(page, 'My Orders, paid');
  // The invoice is one click away, and Details looks like a link.
  const invoice = paid.getByRole('link', { name: `Invoice of ${item.name} (PDF)` });
  await expectOnScreen(invoice);
  const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);
  await expect(paid.getByRole('link', { name: `Details of ${item.name}` })).toHaveCSS(
    'text-decoration-line',
    'underline',
  );

  // The admin, on a laptop: every column and action of Manage All Orders inside its box.
  await admin.setViewportSize({ width: 1366, height: 768 });
  await admin.goto('/dashboard/manage-all-product');
  const region = admin.getByRole('region', { name: 'Orders table' });
  const adminRow = region
    .getByRole('row')
    .filter({ hasText: item.name })
    .filter({ has: admin.getByRole('button', { name: /^Delivery/ }) });
  await expect(adminRow).toBeVisible();
  const fit = await region.evaluate((box) => ({
    box: box.clientWidth,
    scroll: box.scrollWidth,
    table: box.querySelector('table')!.getBoundingClientRect().width,
  }));
  expect(fit.scroll, 'the orders table scrolls sideways at 1,366 px').toBeLessThanOrEqual(fit.box);
  expect(fit.table).toBeLessThanOrEqual(fit.box);
  await expect(region.getByRole('columnheader', { name: 'Action' })).toBeInViewport({ ratio: 1 });
  for (const name of [
    `Delivery ${item.name} for ${customer.name}`,
    `Refund ${item.name} for ${customer.name}`,
  ])
    await expectOnScreen(adminRow.getByRole('button', { name }));
  await expectAccessible(admin, 'Manage All Orders at 1,366 px');

  // And on a phone: the admins' lists are cards as well.
  await admin.setViewportSize({ width: 390, height: 844 });
  for (const [path, what] of [
    ['/dashboard/manage-all-product', 'Manage All Orders'],
    ['/dashboard/manage-product', 'Manage Products'],
    ['/dashboard/make-admin', 'Make Admin'],
  ] as const) {
    await admin.goto(path);
    await expect(admin.getByRole('table')).toBeVisible();
    await expectNoSidewaysScroll(admin, what);
    await expectOnScreen(admin.getByRole('table').getByRole('button').first());
    await expectAccessible(admin, `${what} at 390 px`);
  }
});

test('at 390 px My Quotes, Manage Quotes, the Audit Log, the Store Overview and the quick-order report are cards with their actions on screen', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(150_000);
  const customer = await register({ name: 'Quinn Narrow' });
  await verifyEmail(customer);
  const item = await newProduct(admin, {
    name: `Phone Layout Quoted Air Hose Reel ${Date.now().toString(36)}`,
    price: 249.5,
    quantity: 500,
  });
  const detail = await admin.request.get(`/api/catalogue/products/${item._id}`);
  const { sku } = ((await detail.json()) as { product: { sku: string } }).product;
  const headers = { origin: new URL(page.url()).origin };
  // Two quotes: one answered (the customer can accept it), one still open (the admin can answer or decline it).
  const quotes: string[] = [];
  for (const quantity of [4, 6]) {
    const res = await page.request.post('/api/quotes', {
      headers,
      data: { lines: [{ productId: item._id, quantity }], note: 'For the narrow workshop.' },
    });
    expect(res.status(), await res.text()).toBe(201);
    quotes.push(((await res.json()) as { _id: string })._id);
  }
  const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const answered = await admin.request.put(`/api/quotes/${quotes[0]}/answer`, {
    headers: { origin: new URL(admin.url()).origin },
    data: { lines: [{ productId: item._id, unitPrice: 199.5 }], validUntil },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  // An order, so the Store Overview lists the newest ones.
  const placed = await page.request.post(`/api/order/${customer.email}`, {
    headers,
    data: { productId: item._id, quantity: 1, number: '5550100', address: '1 Narrow Street' },
  });
  expect(placed.status(), await placed.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/quotes');
  const mine = page.getByRole('article').filter({ hasText: '$199.50' });
  await expect(mine).toBeVisible();
  await expectNoSidewaysScroll(page, 'My Quotes');
  // Each line is a card naming its figures.
  await expect(mine.getByRole('cell').filter({ hasText: '$199.50' }).first()).toHaveCSS(
    'padding-inline-start',
    '128px',
  );
  await expectOnScreen(mine.getByRole('button', { name: 'Accept quote' }));
  await expectAccessible(page, 'My Quotes at 390 px');

  await page.goto('/dashboard/quick-order');
  await page
    .getByLabel('SKU, quantity lines')
    .fill(`${sku}, 2\nNO-SUCH-SKU-FROM-A-VERY-LONG-SUPPLIER-CATALOGUE-NUMBER, 3`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  const report = page.getByRole('table');
  await expect(report.getByRole('row').filter({ hasText: 'NO-SUCH-SKU' })).toContainText(
    'No product has this SKU.',
  );
  await expect(report.getByRole('row').filter({ hasText: item.name })).toContainText('OK');
  await expectNoSidewaysScroll(page, 'the quick-order report');
  await expect(report.getByRole('cell', { name: 'No product has this SKU.' })).toHaveCSS(
    'padding-inline-start',
    '128px',
  );
  await expectOnScreen(page.getByRole('button', { name: 'Check lines' }));
  await expectAccessible(page, 'the quick-order report at 390 px');

  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto('/dashboard/manage-quotes?status=all');
  const open = admin
    .getByRole('article')
    .filter({ hasText: item.name })
    .filter({
      has: admin.getByRole('button', { name: 'Answer' }),
    });
  await expect(open).toBeVisible();
  await expectNoSidewaysScroll(admin, 'Manage Quotes');
  await expectOnScreen(open.getByRole('button', { name: 'Answer' }));
  await expectOnScreen(open.getByRole('button', { name: 'Decline' }));
  await expectAccessible(admin, 'Manage Quotes at 390 px');

  await admin.goto('/dashboard/overview');
  await expect(admin.getByRole('heading', { name: 'Newest orders' })).toBeVisible();
  await expectNoSidewaysScroll(admin, 'the Store Overview');
  await expect(
    admin.getByRole('table', { name: 'The newest orders, newest first' }).getByRole('cell').first(),
  ).toHaveCSS('padding-inline-start', '128px');
  await expectOnScreen(admin.getByRole('link', { name: 'All orders', exact: true }));
  await expectAccessible(admin, 'the Store Overview at 390 px');

  // The audit log was a list of cards already: it fits, and each entry's Details opens on screen.
  await admin.goto('/dashboard/audit');
  const entry = admin.getByRole('listitem').filter({ hasText: 'quote.answered' }).first();
  await expect(entry).toBeVisible();
  await entry.getByText('Details').click();
  const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the Audit Log scrolls sideways').toBeLessThanOrEqual(0);
  await expectOnScreen(entry.getByText('Details'));
  await expectOnScreen(admin.getByRole('searchbox', { name: 'Search by admin' }));
  await expectAccessible(admin, 'the Audit Log at 390 px');
});
