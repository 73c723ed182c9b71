import { test, expect, expectAccessible } from './fixtures';
import { payByCard } from './payments';
import { newProduct } from './products';

// Paying on account (docs/decisions/041-paying-on-account.md): the shop admin grants Net 30 and a credit limit, a
// member checks out and pays on account, the statement shows the invoice open with its due date, and it is paid by
// card from the statement.
test('Net 30 granted → a checkout paid on account → open on the statement with its due date → paid by card there', async ({
  page,
  register,
  verifyEmail,
  adminPage,
}) => {
  test.setTimeout(120_000);
  const member = await register({ name: 'Terry Terms' });
  await verifyEmail(member);
  const origin = new URL(page.url()).origin;
  const companyName = `Net Thirty Supply ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/companies', {
    headers: { origin },
    data: { name: companyName, taxId: '30-3030303' },
  });
  expect(created.status()).toBe(201);
  const companyId = ((await created.json()) as { _id: string })._id;

  // The shop admin grants the terms on the company's detail.
  await adminPage.goto(`/dashboard/companies/${companyId}`);
  const terms = adminPage.getByRole('region', { name: 'Terms and credit' });
  await expect(terms.getByText('No terms: the company pays by card.')).toBeVisible();
  await terms.getByLabel('Payment terms').selectOption('30');
  await terms.getByLabel('Credit limit ($)').fill('5000');
  await terms.getByRole('button', { name: 'Grant terms' }).click();
  await expect(terms.getByText('$5,000.00').first()).toBeVisible();
  await expect(terms.getByRole('button', { name: 'Withdraw the terms' })).toBeVisible();
  await expectAccessible(adminPage, 'admin company detail with terms');

  // The member checks out (set-up through the API) and pays on account on the checkout's pay page.
  const product = await newProduct(adminPage, {
    name: `Account Drill ${Date.now().toString(36)}`,
    price: 123.45,
  });
  const added = await page.request.post(`/api/cart/${member.email}/lines`, {
    headers: { origin },
    data: { productId: product._id, quantity: 2 },
  });
  expect(added.status()).toBe(200);
  const checkout = await page.request.post(`/api/checkout/${member.email}`, {
    headers: { origin },
    data: { number: '+1 555 0130', address: '30 Terms Street' },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const checkoutId = ((await checkout.json()) as { _id: string })._id;
  await page.goto(`/dashboard/pay-checkout/${checkoutId}`);
  const onAccount = page.getByRole('region', { name: 'Pay on account' });
  await expect(onAccount).toContainText(
    'Charge $246.90 to your company account: the invoice is due in 30 days.',
  );
  await onAccount.getByRole('button', { name: 'Pay on account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);
  const paid = page.getByText(/Paid on account: invoice (INV-\d{4}-\d{6}), due (\d{4}-\d{2}-\d{2})\./);
  await expect(paid).toBeVisible();
  const [, invoiceNumber, dueDate] = (await paid.textContent())!.match(
    /(INV-\d{4}-\d{6}), due (\d{4}-\d{2}-\d{2})/,
  )!;
  const expectedDue = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  expect(dueDate).toBe(expectedDue);

  // The statement shows it open, with its due date, and the credit it uses.
  await page.goto('/dashboard/company/statement');
  await expect(page.getByRole('heading', { level: 1, name: 'Account statement' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: invoiceNumber! });
  await expect(row).toContainText('Open');
  const longDue = new Date(`${dueDate}T12:00:00Z`).toLocaleDateString('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  await expect(row).toContainText(longDue);
  await expect(row).toContainText('$246.90');
  await expect(page.getByText('$4,753.10')).toBeVisible();
  await expectAccessible(page, 'statement with an open invoice');

  // Paid by card from the statement: it moves to Paid and the credit is whole again.
  await row.getByRole('checkbox', { name: `Pay ${invoiceNumber}` }).check();
  await page.getByRole('button', { name: 'Pay $246.90 by card' }).click();
  await payByCard(page, /\/dashboard\/company\/statement$/);
  await expect(page.getByText('Payment recorded on your account.')).toBeVisible();
  await expect(page.getByText('No open invoices.')).toBeVisible();
  await expect(page.getByText('$5,000.00').last()).toBeVisible();
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: invoiceNumber! })).toContainText('Paid');
  await expectAccessible(page, 'statement with a paid invoice');
});
