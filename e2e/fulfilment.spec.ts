import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';
import { mailTo } from './mail';
import { newProduct, type ApiProduct } from './products';
import { downloadsPdf } from './payments';

/** Puts two lines in the customer's cart, checks out with a PO number and pays, through the API the pages use. */
async function paidCheckout(page: Page, email: string, lines: [ApiProduct, number][], poNumber: string) {
  const headers = { origin: new URL(page.url()).origin };
  for (const [product, quantity] of lines) {
    const added = await page.request.post(`/api/cart/${email}/lines`, {
      headers,
      data: { productId: product._id, quantity },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  const created = await page.request.post(`/api/checkout/${email}`, {
    headers,
    data: { number: '5550100', address: '12 Dock Street, Springfield', poNumber },
  });
  expect(created.status(), await created.text()).toBe(201);
  const checkoutId = ((await created.json()) as { _id: string })._id;
  const intent = await page.request.post('/api/make-payment', { headers, data: { checkoutId } });
  expect(intent.status(), await intent.text()).toBe(200);
  const confirm = await page.request.post('/api/payments/test/confirm', {
    headers,
    data: {
      clientSecret: ((await intent.json()) as { clientSecret: string }).clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const { transactionId } = (await confirm.json()) as { transactionId: string };
  const paid = await page.request.put(`/api/checkout/${checkoutId}`, { headers, data: { transactionId } });
  expect(paid.status(), await paid.text()).toBe(200);
}

test('the admin ships part of a paid checkout with tracking → the mail carries the link, My Orders shows Shipped and Partly shipped; the packing slip downloads', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(150_000);
  const customer = await register({ name: 'Sam Shipped' });
  await verifyEmail(customer);
  const tag = Date.now().toString(36);
  const wrench = await newProduct(admin, {
    name: `Ship Wrench ${tag}`,
    sku: `SH-WR-${tag}`.toUpperCase(),
    price: 40,
    quantity: 50,
  });
  const jack = await newProduct(admin, {
    name: `Ship Jack ${tag}`,
    sku: `SH-JK-${tag}`.toUpperCase(),
    price: 120,
    quantity: 50,
  });
  const poNumber = `PO-SHIP-${tag}`;
  await paidCheckout(
    page,
    customer.email,
    [
      [wrench, 2],
      [jack, 3],
    ],
    poNumber,
  );

  // Manage All Orders: the checkout's two lines under one header; this customer's paid lines waiting to ship.
  await admin.setViewportSize({ width: 1366, height: 768 });
  await admin.goto(
    `/dashboard/manage-all-product?q=${encodeURIComponent(customer.email)}&fulfilment=awaiting_shipment`,
  );
  const region = admin.getByRole('region', { name: 'Orders table' });
  const header = region.getByRole('rowheader', { name: /Checkout #\d+–#\d+/ });
  await expect(header).toContainText(`PO ${poNumber}`);
  await expect(header).toContainText('2 lines');
  await expect(header).toContainText('Checkout total $440.00');

  // Ship the whole checkout, but only one of the three jacks: the rest is on its way later.
  await header.getByRole('button', { name: /^Ship checkout/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Ship' });
  await expect(dialog.getByLabel(`Quantity of ${jack.name}`)).toHaveValue('3');
  // The shipment is named by the checkout's order numbers, as the table's header names it (decision 049).
  const numbers = (await header.textContent())!.match(/#\d+–#\d+/)![0];
  await expect(dialog.getByText(`Checkout ${numbers} (PO ${poNumber}) for`)).toBeVisible();
  await expectAccessible(admin, 'the Ship dialog');
  const trackingUrl = `https://tracking.example/ups/1Z${tag.toUpperCase()}`;
  await dialog.getByLabel('Carrier').fill('UPS');
  await dialog.getByLabel('Tracking number').fill(`1Z${tag.toUpperCase()}`);
  await dialog.getByLabel('Tracking link (optional)').fill(trackingUrl);
  await dialog.getByLabel(`Quantity of ${jack.name}`).fill('1');
  await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(admin.getByText('1 shipment sent: the customer was emailed')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The customer's mail names the carrier, the number and the lines, and links to the tracking page.
  const mail = await mailTo(customer.email, /^Shipped: /);
  expect(mail.subject).toBe(`Shipped: 2 items (orders ${numbers})`);
  expect(mail.text).toContain(`Carrier: UPS. Tracking number: 1Z${tag.toUpperCase()}.`);
  expect(mail.text).toContain(`Track my shipment: ${trackingUrl}`);
  expect(mail.text).toContain(`1 × ${jack.name} (2 of 3 still to come)`);
  expect(mail.html).toContain(`href="${trackingUrl}"`);

  // My Orders: the wrenches read Shipped with the tracking link, the jacks Partly shipped.
  await page.goto('/dashboard/my-orders');
  const wrenchRow = page.getByRole('row').filter({ hasText: wrench.name });
  await expect(wrenchRow.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(
    wrenchRow.getByRole('link', { name: `Track ${wrench.name} with UPS (opens in a new tab)` }),
  ).toHaveAttribute('href', trackingUrl);
  await expect(
    page.getByRole('row').filter({ hasText: jack.name }).getByText('Partly shipped'),
  ).toBeVisible();
  await expectAccessible(page, 'My Orders with shipments');

  // Back in Manage All Orders (every state): the packing slip downloads as a PDF; the jack line can ship again.
  await admin.goto(`/dashboard/manage-all-product?q=${encodeURIComponent(customer.email)}`);
  const jackRow = region.getByRole('row').filter({ hasText: jack.name });
  await expect(jackRow.getByText('Partly shipped')).toBeVisible();
  await expect(jackRow.getByRole('button', { name: `Ship ${jack.name} for ${customer.name}` })).toBeVisible();
  await expect(
    jackRow.getByRole('button', { name: `Delivery ${jack.name} for ${customer.name}` }),
  ).toBeVisible();
  const fit = await region.evaluate((box) => ({ box: box.clientWidth, scroll: box.scrollWidth }));
  expect(fit.scroll, 'the orders table scrolls sideways at 1,366 px').toBeLessThanOrEqual(fit.box);
  const slip = jackRow.getByRole('link', { name: /^Packing slip/ });
  await downloadsPdf(admin, slip, /^packing-slip-[0-9a-f]{8}\.pdf$/);
  await expectAccessible(admin, 'Manage All Orders with shipments');
});
