import { test, expect, confirmDialog, expectAccessible } from './fixtures';
import { newProduct } from './products';

test('a card, two SKUs by quick order and a price break in the cart → checkout with a PO → one payment → grouped in My Orders → a line delivered and reviewed → the rest refunded at once', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(180_000);
  const account = await register({ name: 'Petra Purchaser' });
  await verifyEmail(account);
  const tag = Date.now().toString(36);
  // One product with a price break (10 and more at $11.20 instead of $12.40), two more ordered by SKU.
  const coupling = await newProduct(admin, {
    quantity: 500,
    name: `Checkout Coupling ${tag}`,
    sku: `CO-CPL-${tag}`,
    price: 12.4,
    priceBreaks: [{ minQuantity: 10, price: 11.2 }],
  });
  const hose = await newProduct(admin, {
    quantity: 500,
    name: `Checkout Hose ${tag}`,
    sku: `CO-HSE-${tag}`,
    price: 30,
  });
  const valve = await newProduct(admin, {
    quantity: 500,
    name: `Checkout Valve ${tag}`,
    sku: `CO-VLV-${tag}`,
    price: 8.5,
  });
  const products = [coupling, hose, valve];
  const poNumber = `PO-${Date.now()}`;

  // From a card in the search results…
  await page.goto(`/our-products?q=${encodeURIComponent(coupling.name)}`);
  await page.getByRole('button', { name: `Add to cart: ${coupling.name}` }).click();
  await expect(page.getByText(`Added 1 × ${coupling.name} to your cart.`)).toBeVisible();

  // …then two SKUs through Quick Order, each line checked first.
  await page.goto('/dashboard/quick-order');
  await page.getByLabel('SKU, quantity lines').fill(`${hose.sku}, 2\n${valve.sku.toLowerCase()}, 4`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  const report = page.getByRole('table');
  await expect(report.getByRole('row').filter({ hasText: hose.name })).toContainText('OK');
  await expect(report.getByRole('row').filter({ hasText: valve.name })).toContainText('OK');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added 2 lines to your cart; 0 left out.')).toBeVisible();

  // In the cart, ten couplings reach the price break: the unit price drops and the saving shows.
  await page.goto('/dashboard/cart');
  const couplingRow = page.getByRole('row').filter({ hasText: coupling.name });
  const quantity = couplingRow.getByRole('spinbutton', { name: `Quantity of ${coupling.name}` });
  await quantity.fill('10');
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('10');
  await expect(couplingRow).toContainText('$11.20');
  await expect(couplingRow).toContainText('You save $12.00');
  await expect(page.getByText('Total: $206.00')).toBeVisible();
  await expectAccessible(page, 'cart at a price break');

  await page.goto('/dashboard/cart');
  for (const p of products) await expect(page.getByRole('row').filter({ hasText: p.name })).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cart\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your order' });
  for (const p of products) await expect(summary).toContainText(p.name);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Number is required')).toBeVisible();
  await expect(page.getByLabel('Street')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'checkout form with errors');
  await page.getByLabel('Mobile number').fill('+1 555 0199');
  await page.getByLabel('Street').fill('7 Warehouse Road');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('ZIP').fill('62701');
  // This shop has no shipping or tax tables (the spec's goods-only rule): nothing to choose, goods only.
  await expect(page.getByText(/you pay for the goods only/)).toBeVisible();
  await page.getByLabel('Company (optional)').fill('Purchaser & Co');
  await page.getByLabel('PO number (optional)').fill(poNumber);
  await expectAccessible(page, 'checkout form');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/dashboard\/pay-checkout\/[0-9a-f-]{36}$/);
  const checkoutSummary = page.getByRole('region', { name: 'Checkout summary' });
  await expect(checkoutSummary).toContainText(poNumber);
  await expect(checkoutSummary).toContainText('Purchaser & Co');
  for (const p of products) await expect(checkoutSummary).toContainText(p.name);
  // Issue 39 item 11: "Pay by" names the time, in a named zone, not only the day; about 30 minutes from now.
  const payBy = page
    .getByText(/^Pay by /)
    .first()
    .locator('time');
  await expect(payBy).toHaveText(
    /^[A-Z][a-z]+ \d{1,2}, \d{4}(,| at) \d{1,2}:\d{2}\s?[AP]M [A-Z][A-Za-z0-9+:-]*$/,
  );
  const deadline = Date.parse((await payBy.getAttribute('datetime'))!);
  expect(deadline - Date.now()).toBeGreaterThan(20 * 60_000);
  expect(deadline - Date.now()).toBeLessThan(31 * 60_000);
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
  await expect(adminRow).toContainText(/Order #\d+/);
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

  // The rest of the PO is called off: the admin refunds the checkout at once; the delivered line stays sold.
  const [, refunded] = products;
  await admin.reload();
  const otherRow = admin
    .getByRole('row')
    .filter({ hasText: refunded!.name })
    .filter({ hasText: 'Petra Purchaser' })
    .first();
  // First one of the four valves, by quantity: the dialog shows the refund total before it is confirmed.
  await otherRow.getByRole('button', { name: /^Refund checkout/ }).click();
  await admin
    .getByRole('dialog', { name: 'Cancel and refund this whole checkout?' })
    .getByRole('radio', { name: 'Some units' })
    .click();
  const partial = admin.getByRole('dialog', { name: 'Refund part of this checkout?' });
  await partial.getByLabel(`Units of ${valve.name} to refund (up to 4)`).fill('1');
  await expect(partial.getByText(/^Refund total: \$\d/)).toBeVisible();
  await expectAccessible(admin, 'partial refund dialog');
  await partial.getByRole('button', { name: 'Refund checkout', exact: true }).click();
  await expect(partial).toBeHidden();
  await expect(
    admin.getByText(/^Refunded \$[\d,.]+\. The money is on its way to the customer\.$/),
  ).toBeVisible();
  await admin.reload();
  const valveRow = admin
    .getByRole('row')
    .filter({ hasText: valve.name })
    .filter({ hasText: 'Petra Purchaser' });
  await expect(valveRow.first()).toContainText('Partly refunded');
  // Then the rest of it at once.
  await otherRow.getByRole('button', { name: /^Refund checkout/ }).click();
  await confirmDialog(admin, 'Cancel and refund this whole checkout?', 'Refund checkout');
  await expect(
    admin.getByText('Checkout cancelled. The refunds are on their way to the customer.'),
  ).toBeVisible();
  await page.reload();
  for (const p of products.slice(1))
    await expect(page.getByRole('row').filter({ hasText: p.name }).first()).toContainText('Refunded');
  await expect(page.getByRole('row').filter({ hasText: delivered!.name }).first()).toContainText('Reviewed');
});
