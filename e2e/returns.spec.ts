import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, confirmDialog } from './fixtures';
import { mailTo } from './mail';
import { newProduct } from './products';

/** A paid one-line checkout of `quantity` units, through the API the pages use; answers the line's id. */
async function paidLine(page: Page, email: string, productId: string, quantity: number) {
  const headers = { origin: new URL(page.url()).origin };
  const added = await page.request.post(`/api/cart/${email}/lines`, {
    headers,
    data: { productId, quantity },
  });
  expect(added.status(), await added.text()).toBe(200);
  const created = await page.request.post(`/api/checkout/${email}`, {
    headers,
    data: { number: '5550100', address: '12 Dock Street, Springfield' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const checkoutId = ((await created.json()) as { _id: string })._id;
  const intent = await page.request.post('/api/make-payment', { headers, data: { checkoutId } });
  const confirm = await page.request.post('/api/payments/test/confirm', {
    headers,
    data: {
      clientSecret: ((await intent.json()) as { clientSecret: string }).clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    },
  });
  const { transactionId } = (await confirm.json()) as { transactionId: string };
  const paid = await page.request.put(`/api/checkout/${checkoutId}`, { headers, data: { transactionId } });
  expect(paid.status(), await paid.text()).toBe(200);
  const co = (await paid.json()) as { checkout: { lines: { _id: string }[] } };
  return co.checkout.lines[0]!._id;
}

test('a buyer returns a line of a shipped order on a phone; the admin approves, receives and refunds; the buyer sees the credit note', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(180_000);
  const customer = await register({ name: 'Rita Returns' });
  await verifyEmail(customer);
  const tag = Date.now().toString(36);
  const filter = await newProduct(admin, {
    name: `Return Filter ${tag}`,
    sku: `RT-F-${tag}`.toUpperCase(),
    price: 40,
  });
  const lineId = await paidLine(page, customer.email, filter._id, 3);
  const shipped = await admin.request.post('/api/shipments', {
    headers: { origin: new URL(admin.url()).origin },
    data: { lines: [{ orderId: lineId }], carrier: 'UPS', trackingNumber: `1Z${tag.toUpperCase()}` },
  });
  expect(shipped.status(), await shipped.text()).toBe(201);

  // The buyer, on a phone: "Return items" on the order's page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/orders/${lineId}`);
  await page.getByRole('button', { name: 'Return items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return items' });
  await dialog.getByLabel('Quantity to return').fill('1');
  await dialog.getByLabel('Reason').selectOption({ label: 'Not needed' });
  await expect(dialog.getByText('a 15% restocking fee applies')).toBeVisible();
  await dialog.getByLabel('Comments (optional)').fill('Ordered one too many.');
  await expectAccessible(page, 'the Return items dialog on a phone');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'nothing scrolls sideways at 390 px').toBeLessThanOrEqual(390);
  await dialog.getByRole('button', { name: 'Request return' }).click();
  await expect(dialog).toBeHidden();
  await mailTo(customer.email, /^Return requested: Not needed/);
  await page.goto('/dashboard/my-returns');
  await expect(
    page.getByRole('list', { name: 'Returns' }).getByText('Requested', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'My Returns');

  // The admin: approve with instructions (an RMA number), receive it as resaleable, refund it.
  await admin.goto('/dashboard/returns');
  const card = admin
    .getByRole('list', { name: 'Returns' })
    .getByRole('listitem')
    .filter({ hasText: customer.email })
    .filter({ has: admin.getByRole('heading') });
  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = admin.getByRole('dialog', { name: 'Approve return' });
  await approve.getByLabel('Instructions for the buyer').fill('Ship it to 1 Dock Road, Dallas.');
  await expectAccessible(admin, 'the Approve dialog');
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approve).toBeHidden();
  const rma = (await card.getByRole('heading').textContent())!;
  expect(rma).toMatch(/^RMA-\d{6}$/);
  expect((await mailTo(customer.email, /^Return approved: RMA-/)).text).toContain('1 Dock Road');
  await card.getByRole('button', { name: 'Receive' }).click();
  const receive = admin.getByRole('dialog', { name: `Receive ${rma}` });
  await expect(receive.getByLabel('Resaleable: restock')).toHaveValue('1');
  await receive.getByRole('button', { name: 'Record receipt' }).click();
  await expect(receive).toBeHidden();
  await card.getByRole('button', { name: 'Refund' }).click();
  await confirmDialog(admin, `Refund ${rma}?`, 'Refund');
  await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
  await expectAccessible(admin, 'Returns');

  // The refund (one unit with its shares of shipping and tax, less $6.00, 15% of its $40.00) is mailed with the
  // credit note, which the order's page lists.
  const refunded = await mailTo(customer.email, /^Refunded /);
  expect(refunded.subject).toContain(filter.name);
  await page.goto('/dashboard/my-returns');
  await expect(page.getByText('less a 15% restocking fee')).toBeVisible();
  await page.goto(`/dashboard/orders/${lineId}`);
  await expect(page.getByText('Credit note issued')).toBeVisible();
  await expect(page.getByText('Return refunded')).toBeVisible();
  await expectAccessible(page, 'the order page after the return');
});
