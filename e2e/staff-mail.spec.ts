import { test, expect } from './fixtures';
import { e2eAdmin } from './admin';
import { mailTo } from './mail';
import { seededProducts } from './products';

// Decision 034: when a customer pays, the shop's staff are mailed: every address in STAFF_EMAILS (the e2e server
// is started with one) and every admin who did not opt out (the admin the server was started with).
test('a customer pays an order and the staff (STAFF_EMAILS and the opted-in admin) get the paid-order mail', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(90_000);
  const [seeded] = await seededProducts(admin);
  const name = `Staff Mail Torque Wrench ${Date.now().toString(36)}`;
  const created = await admin.request.post('/api/product', {
    headers: { origin: new URL(admin.url()).origin },
    data: {
      name,
      img: seeded!.img,
      price: 125.5,
      quantity: 50,
      minOrder: 2,
      desc: 'Click-type torque wrench.',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const productId = ((await created.json()) as { insertedId: string }).insertedId;

  const customer = await register({ name: 'Paula Payer' });
  await verifyEmail(customer);
  const placed = await page.request.post(`/api/order/${customer.email}`, {
    headers: { origin: new URL(page.url()).origin },
    data: { productId, quantity: 2, number: '5550199', address: '9 Payment Row' },
  });
  expect(placed.status(), await placed.text()).toBe(200);

  await page.goto('/dashboard/my-orders');
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('link', { name: `Pay for ${name}` })
    .click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Payment done');

  const subject = new RegExp(`^Order paid: ${name}, \\$251\\.00 \\(#\\d+\\)$`);
  for (const staff of ['orders-desk@toolhouse.example', e2eAdmin.email]) {
    const mail = await mailTo(staff, subject);
    expect(mail.text, `the paid-order mail to ${staff}`).toContain(
      `Paula Payer (${customer.email}) paid $251.00 for 2 × ${name}`,
    );
    expect(mail.text).toMatch(/\/dashboard\/orders\/[0-9a-f-]{36}/);
  }
});
