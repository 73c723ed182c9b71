import { test, expect, expectAccessible } from './fixtures';
import { payByCard } from './payments';
import { newProduct } from './products';

// Issue 38 ("What people read"): a purchase on account is not paid until its invoice is. My orders and the order's
// page say "On account, due <date>" instead of "Paid"; once the company's statement invoice is paid by card on the
// statement page, the same order reads "Paid". The approval and contract-price parts of a trade account are
// trade-account.spec.ts's.
test('bought on account: "On account, due …" on My orders and the order page, "Paid" once the statement invoice is paid by card', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const name = `Account Grinder ${tag}`;
  const product = await newProduct(admin, {
    name,
    sku: `OA-GRD-${tag}`.toUpperCase(),
    price: 80,
    minOrder: 1,
  });

  // Set-up through the API (the pages are companies.spec.ts's and trade-account.spec.ts's): the buyer founds a
  // company (its founder holds every role) and the shop grants it Net 30.
  const oona = await register({ name: 'Oona Account' });
  await verifyEmail(oona);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/companies', {
    headers: { origin },
    data: { name: `On Account Co ${tag}`, taxId: '38-3838383' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = ((await created.json()) as { _id: string })._id;
  const terms = await admin.request.put(`/api/companies/${companyId}/terms`, {
    headers: { origin },
    data: { netDays: 30, creditLimitCents: 500_000 },
  });
  expect(terms.status(), await terms.text()).toBe(200);

  // A grinder through the cart and the checkout, bought on account on the pay page.
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(page.getByText(`Added 1 × ${name} to your cart.`)).toBeVisible();
  await page.goto('/dashboard/cart/checkout');
  await page.getByLabel('Mobile number').fill('+1 555 0138');
  await page.getByLabel('Street').fill('38 Ledger Lane');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('ZIP').fill('62701');
  await expect(page.getByText(/you pay for the goods only/)).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pay-checkout\/[0-9a-f-]{36}$/);
  const onAccount = page.getByRole('region', { name: 'Pay on account' });
  await expect(onAccount).toContainText(
    'Charge $80.00 to your company account: the invoice is due in 30 days.',
  );
  await onAccount.getByRole('button', { name: 'Pay on account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);

  // My orders: the line reads "On account, due <date>", the checkout and the line nowhere "Paid".
  const due = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const line = page.getByRole('row').filter({ hasText: name });
  await expect(line).toContainText(`On account, due ${due}`);
  await expect(line).not.toContainText(/Paid|Payment done/);
  const heading = page.getByRole('rowheader', { name: /^Checkout · / }).first();
  await expect(heading).not.toContainText('Paid');
  await expectAccessible(page, 'My orders with a purchase on account');

  // The order's own page says the same.
  await line.getByRole('link', { name: /details/i }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`On account, due ${due}`);
  await expect(page.getByRole('main').getByText(/^Paid/)).toHaveCount(0);
  const orderPage = page.url();

  // The company pays its statement invoice by card, as a user does on the statement page.
  await page.goto('/dashboard/company/statement');
  const invoiceRow = page.getByRole('row').filter({ hasText: '$80.00' }).filter({ hasText: 'Open' });
  const invoiceNumber = (await invoiceRow.textContent())!.match(/INV-\d{4}-\d{6}/)![0];
  await invoiceRow.getByRole('checkbox', { name: `Pay ${invoiceNumber}` }).check();
  await page.getByRole('button', { name: 'Pay $80.00 by card' }).click();
  await payByCard(page, /\/dashboard\/company\/statement$/);
  await expect(page.getByText('Payment recorded on your account.')).toBeVisible();

  // Now the order is paid: on its page and on My orders.
  await page.goto(orderPage);
  await expect(page.getByRole('main').getByText(/^Paid/).first()).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('On account, due');
  await page.goto('/dashboard/my-orders');
  const paidLine = page.getByRole('row').filter({ hasText: name });
  await expect(paidLine).toContainText('Payment done');
  await expect(paidLine).not.toContainText('On account, due');
  await expect(page.getByRole('rowheader', { name: /^Checkout · / }).first()).toContainText('Paid');
});
